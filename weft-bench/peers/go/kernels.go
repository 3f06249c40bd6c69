package main

import (
	"math"
	"math/bits"
	"sync"
)

// Each kernel comes as the serial elision and as goroutines joined by a sync.WaitGroup: a goroutine for
// one half (or each child) and the caller's own work inline, as a Go programmer writes fork/join.

// fib: Fibonacci without a cutoff; every call forks.

func fibSerial(n int) int {
	if n < 2 {
		return n
	}
	return fibSerial(n-1) + fibSerial(n-2)
}

func fibGo(n int) int {
	if n < 2 {
		return n
	}
	var wg sync.WaitGroup
	var a int
	wg.Go(func() { a = fibGo(n - 1) })
	b := fibGo(n - 2)
	wg.Wait()
	return a + b
}

// fibIterative is the independent check.
func fibIterative(n int) int {
	a, b := 0, 1
	for i := 0; i < n; i++ {
		a, b = b, a+b
	}
	return a
}

// integrate: adaptive trapezoid quadrature of x^3+x on [0, 1000], eps 1e-9, no cutoff; halves added left + right.

const (
	integrateEps = 1e-9
	integrateL   = 0.0
	integrateR   = 1000.0
)

func f(x float64) float64 { return (x*x + 1.0) * x }

// integrateExact is the integral of x^3+x on [l, r]: the independent check.
func integrateExact(l, r float64) float64 { return (r*r*r*r-l*l*l*l)/4 + (r*r-l*l)/2 }

func integrateSerial(l, r, fl, fr, a float64) float64 {
	m := (l + r) * 0.5
	fm := f(m)
	al := (fl + fm) * (m - l) * 0.5
	ar := (fm + fr) * (r - m) * 0.5
	alr := al + ar
	if math.Abs(alr-a) <= integrateEps {
		return alr
	}
	return integrateSerial(l, m, fl, fm, al) + integrateSerial(m, r, fm, fr, ar)
}

func integrateGo(l, r, fl, fr, a float64) float64 {
	m := (l + r) * 0.5
	fm := f(m)
	al := (fl + fm) * (m - l) * 0.5
	ar := (fm + fr) * (r - m) * 0.5
	alr := al + ar
	if math.Abs(alr-a) <= integrateEps {
		return alr
	}
	var wg sync.WaitGroup
	var x float64
	wg.Go(func() { x = integrateGo(l, m, fl, fm, al) })
	y := integrateGo(m, r, fm, fr, ar)
	wg.Wait()
	return x + y
}

// nqueens: as in BOTS, at every row a task per candidate column, each copying the board and checking it whole.

// queensSolutions holds the solutions for n = 0..14, the independent check.
var queensSolutions = []int{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596}

// queensOK tells whether no two of the first n queens attack each other.
func queensOK(n int, a []byte) bool {
	for i := 0; i < n; i++ {
		p := int(a[i])
		for j := i + 1; j < n; j++ {
			q := int(a[j])
			if q == p || q == p-(j-i) || q == p+(j-i) {
				return false
			}
		}
	}
	return true
}

// queensPlace returns a copy of the board a (rows 0..j-1) with a queen in column col of row j.
func queensPlace(a []byte, j, col int) []byte {
	b := make([]byte, j+1)
	copy(b, a[:j])
	b[j] = byte(col)
	return b
}

func queensSerial(a []byte, j, n int) int {
	if j == n {
		return 1
	}
	solutions := 0
	for col := 0; col < n; col++ {
		if b := queensPlace(a, j, col); queensOK(j+1, b) {
			solutions += queensSerial(b, j+1, n)
		}
	}
	return solutions
}

func queensGo(a []byte, j, n int) int {
	if j == n {
		return 1
	}
	counts := make([]int, n)
	var wg sync.WaitGroup
	for col := 0; col < n; col++ {
		wg.Go(func() {
			if b := queensPlace(a, j, col); queensOK(j+1, b) {
				counts[col] = queensGo(b, j+1, n)
			}
		})
	}
	wg.Wait()
	solutions := 0
	for _, c := range counts {
		solutions += c
	}
	return solutions
}

// uts: Unbalanced Tree Search, T2: a geometric tree with the cyclic shape function and SHA-1 node states.
// A child's state is SHA-1(parent's 20 bytes || child index, 4 big-endian bytes). A visit returns nodes
// in the high 32 bits and leaves in the low 32 bits, so that counts add up.

type state [5]uint32

const (
	utsMaxChildren = 100
	utsNode        = uint64(1) << 32
	utsLeaf        = utsNode | 1
)

type tree struct {
	name          string
	b0            float64
	genMx         int
	rootSeed      uint32
	nodes, leaves uint64
	logOneMinusP  []float64
}

// newTree builds uts_numChildren_geo's table: log(1 - p) per depth, p = 1/(1 + b_d), b_d = b0^sin(2 pi d/gen_mx), 0 below 5 gen_mx.
func newTree(name string, b0 float64, genMx int, rootSeed uint32, nodes, leaves uint64) *tree {
	t := &tree{name: name, b0: b0, genMx: genMx, rootSeed: rootSeed, nodes: nodes, leaves: leaves}
	for d := 0; d < 5*genMx+2; d++ {
		b := b0
		if d > 5*genMx {
			b = 0
		} else if d > 0 {
			b = math.Pow(b0, math.Sin(2.0*3.141592653589793*float64(d)/float64(genMx)))
		}
		p := 1.0 / (1.0 + b)
		t.logOneMinusP = append(t.logOneMinusP, math.Log(1.0-p))
	}
	return t
}

// utsT2 is T2 of the UTS sample workloads (-t 1 -a 2 -d 16 -b 6 -r 502) with its published counts;
// utsQuick the Java quick size: the same parameters with root seed 1.
func utsT2() *tree    { return newTree("T2", 6, 16, 502, 4117769, 2342762) }
func utsQuick() *tree { return newTree("T2-seed1", 6, 16, 1, 243269, 138448) }

func (t *tree) numChildren(s *state, depth int) int {
	if depth >= len(t.logOneMinusP) {
		return 0
	}
	h := s[4] & 0x7FFFFFFF // rng_rand: the last four bytes, big-endian, positive
	u := float64(h) / 2147483648.0
	return min(int(math.Floor(math.Log(1-u)/t.logOneMinusP[depth])), utsMaxChildren)
}

// root is rng_init: SHA-1 of 16 zero bytes and the seed, 4 big-endian bytes.
func (t *tree) root() state {
	return sha1Block([16]uint32{0, 0, 0, 0, t.rootSeed, 0x80000000, 15: 20 * 8})
}

// child is rng_spawn: SHA-1 of the parent's 20 bytes and the child's index.
func child(s *state, i int) state {
	return sha1Block([16]uint32{s[0], s[1], s[2], s[3], s[4], uint32(i), 0x80000000, 15: 24 * 8})
}

func utsSerial(s *state, depth int, t *tree) uint64 {
	n := t.numChildren(s, depth)
	if n == 0 {
		return utsLeaf
	}
	counts := utsNode
	for i := 0; i < n; i++ {
		c := child(s, i)
		counts += utsSerial(&c, depth+1, t)
	}
	return counts
}

func utsGo(s *state, depth int, t *tree) uint64 {
	n := t.numChildren(s, depth)
	if n == 0 {
		return utsLeaf
	}
	counts := make([]uint64, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Go(func() {
			c := child(s, i)
			counts[i] = utsGo(&c, depth+1, t)
		})
	}
	wg.Wait()
	total := utsNode
	for _, c := range counts {
		total += c
	}
	return total
}

// sha1Block is the SHA-1 digest (FIPS 180-1) of a one-block message given as the block's 16 big-endian
// words with the padding in place. (crypto/sha1 would hash a byte slice with the machine's SHA
// instructions where it has them; the Java, Rust and C++ versions compute the same rounds in plain code,
// so this one does too, to give every language the same work per node.)
func sha1Block(w [16]uint32) state {
	h := state{0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0}
	a, b, c, d, e := h[0], h[1], h[2], h[3], h[4]
	for t := 0; t < 80; t++ {
		if t >= 16 {
			w[t&15] = bits.RotateLeft32(w[(t+13)&15]^w[(t+8)&15]^w[(t+2)&15]^w[t&15], 1)
		}
		var f, k uint32
		switch {
		case t < 20:
			f, k = d^(b&(c^d)), 0x5A827999
		case t < 40:
			f, k = b^c^d, 0x6ED9EBA1
		case t < 60:
			f, k = (b&c)|(d&(b|c)), 0x8F1BBCDC
		default:
			f, k = b^c^d, 0xCA62C1D6
		}
		a, b, c, d, e = bits.RotateLeft32(a, 5)+f+e+k+w[t&15], a, bits.RotateLeft32(b, 30), c, d
	}
	return state{h[0] + a, h[1] + b, h[2] + c, h[3] + d, h[4] + e}
}
