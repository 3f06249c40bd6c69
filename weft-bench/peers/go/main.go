// Command peers-go runs fib, integrate, nqueens and UTS T2 on goroutines and as their serial elision,
// timed the way ./weft bench times the Java versions:
//
//	peers-go --program fib --size quick --runtimes go-serial,go --workers 1,2 --warmup 3 --reps 7
//
// Every version runs once per repetition, in an order rotated each repetition; warm-up repetitions are
// not reported. Each measured run prints one line "program,runtime,workers,nanos,answer"; lines that
// start with '#' are comments. Every answer is checked; a wrong one ends the program with status 1.
// The worker count is GOMAXPROCS. With --max-seconds S (S > 0), a version whose run takes longer than S
// seconds is not run again; if that run was a warm-up run it is reported as the version's only measured run.
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

const (
	serialRuntime = "go-serial"
	goRuntime     = "go"
)

// program is one sized kernel: it runs serially or on goroutines and checks an answer independently of
// any runtime. Answers travel as text, as they are printed.
type program struct {
	label string
	run   func(parallel bool) string
	check func(answer string) error
}

func expect(expected, actual string) error {
	if expected != actual {
		return fmt.Errorf("expected %s but got %s", expected, actual)
	}
	return nil
}

func newProgram(name string, quick bool) (*program, error) {
	switch name {
	case "fib":
		n := 40
		if quick {
			n = 35
		}
		return &program{
			label: fmt.Sprintf("fib(%d)", n),
			run: func(parallel bool) string {
				if parallel {
					return strconv.Itoa(fibGo(n))
				}
				return strconv.Itoa(fibSerial(n))
			},
			check: func(a string) error { return expect(strconv.Itoa(fibIterative(n)), a) },
		}, nil
	case "integrate":
		l, r := integrateL, integrateR
		run := func(parallel bool) string {
			var v float64
			if parallel {
				v = integrateGo(l, r, f(l), f(r), 0)
			} else {
				v = integrateSerial(l, r, f(l), f(r), 0)
			}
			return strconv.FormatFloat(v, 'g', -1, 64) // the shortest text that reads back as v
		}
		serial := ""
		return &program{
			label: "integrate(0,1000,1e-9)",
			run:   run,
			check: func(a string) error {
				// The same splits added in the same order: bitwise equal to the serial elision; and close to the integral.
				if serial == "" {
					serial = run(false)
				}
				if err := expect(serial, a); err != nil {
					return err
				}
				exact := integrateExact(l, r)
				if v, err := strconv.ParseFloat(a, 64); err != nil || math.Abs((v-exact)/exact) > 1e-9 {
					return fmt.Errorf("expected about %v but got %s", exact, a)
				}
				return nil
			},
		}, nil
	case "nqueens":
		n := 12
		return &program{
			label: fmt.Sprintf("nqueens(%d)", n),
			run: func(parallel bool) string {
				if parallel {
					return strconv.Itoa(queensGo(nil, 0, n))
				}
				return strconv.Itoa(queensSerial(nil, 0, n))
			},
			check: func(a string) error { return expect(strconv.Itoa(queensSolutions[n]), a) },
		}, nil
	case "uts":
		t := utsT2()
		if quick {
			t = utsQuick()
		}
		root := t.root()
		return &program{
			label: "uts(" + t.name + ")",
			run: func(parallel bool) string {
				var c uint64
				if parallel {
					c = utsGo(&root, 0, t)
				} else {
					c = utsSerial(&root, 0, t)
				}
				return fmt.Sprintf("%d/%d", c>>32, c&0xFFFFFFFF)
			},
			check: func(a string) error { return expect(fmt.Sprintf("%d/%d", t.nodes, t.leaves), a) },
		}, nil
	}
	return nil, fmt.Errorf("unknown program '%s'", name)
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "peers-go: "+format+"\n", args...)
	flag.Usage()
	os.Exit(2)
}

func numbers(opt, s string) []int {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n <= 0 {
			fail("%s expects positive numbers, got '%s'", opt, s)
		}
		out = append(out, n)
	}
	return out
}

func main() {
	name := flag.String("program", "", "fib, integrate, nqueens or uts")
	size := flag.String("size", "quick", "quick or full")
	runtimesFlag := flag.String("runtimes", serialRuntime+","+goRuntime, "runtimes to run")
	workersFlag := flag.String("workers", "1", "worker counts (GOMAXPROCS), comma-separated")
	warmup := flag.Int("warmup", 3, "warm-up runs per version")
	reps := flag.Int("reps", 7, "measured runs per version")
	maxSeconds := flag.Int("max-seconds", 0, "a version whose run takes longer is not run again (0: no limit)")
	flag.Parse()
	if *size != "quick" && *size != "full" {
		fail("--size is quick or full, got '%s'", *size)
	}
	if *warmup < 0 || *reps < 0 || *maxSeconds < 0 {
		fail("--warmup, --reps and --max-seconds must not be negative")
	}
	runtimes := strings.Split(*runtimesFlag, ",")
	for _, r := range runtimes {
		if r != serialRuntime && r != goRuntime {
			fail("unknown runtime '%s'; known: %s, %s", r, serialRuntime, goRuntime)
		}
	}
	workers := numbers("--workers", *workersFlag)
	prog, err := newProgram(*name, *size == "quick")
	if err != nil {
		fail("%v", err)
	}

	type config struct {
		runtime string
		workers int
	}
	var configs []config
	if slices.Contains(runtimes, serialRuntime) {
		configs = append(configs, config{serialRuntime, 1})
	}
	if slices.Contains(runtimes, goRuntime) {
		for _, p := range workers {
			configs = append(configs, config{goRuntime, p})
		}
	}
	fmt.Printf("# peers-go %s: %s, %d warm-up + %d measured runs\n", prog.label, runtime.Version(), *warmup, *reps)
	measured := make([]int, len(configs))
	stopped := make([]bool, len(configs))
	for rep := 0; rep < *warmup+*reps; rep++ {
		for k := range configs {
			i := (k + rep) % len(configs)
			if stopped[i] {
				continue
			}
			c := configs[i]
			runtime.GOMAXPROCS(c.workers)
			t0 := time.Now()
			answer := prog.run(c.runtime == goRuntime)
			nanos := time.Since(t0).Nanoseconds()
			if err := prog.check(answer); err != nil {
				fmt.Fprintf(os.Stderr, "peers-go: %s %s x%d: wrong answer: %v\n", prog.label, c.runtime, c.workers, err)
				os.Exit(1)
			}
			over := *maxSeconds > 0 && nanos > int64(*maxSeconds)*1e9
			if rep >= *warmup || (over && measured[i] == 0) {
				fmt.Printf("%s,%s,%d,%d,%s\n", *name, c.runtime, c.workers, nanos, answer)
				measured[i]++
			}
			if over {
				stopped[i] = true
				fmt.Printf("# %s x%d: a run took %.1f s, over --max-seconds %d: its other runs are left out (%d measured)\n",
					c.runtime, c.workers, float64(nanos)/1e9, *maxSeconds, measured[i])
			}
		}
	}
}
