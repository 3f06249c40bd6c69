//! `peers-rust`: fib, integrate, nqueens and UTS T2 on rayon and chili and as their serial elision, and the
//! streams suite's sum, mapfilter and wordfreq on rayon's parallel iterators and as serial iterators, timed
//! the way `./weft bench` times the Java versions.
//!
//! ```text
//! peers-rust --program fib --size quick --runtimes rust-serial,rayon,chili --workers 1,2 --warmup 3 --reps 7
//! ```
//!
//! Every version runs once per repetition, in an order rotated each repetition; the warm-up repetitions
//! are not reported. Each measured run prints one line `program,runtime,workers,nanos,answer`; lines that
//! start with `#` are comments. Every answer is checked; a wrong one ends the program with status 1.
//! With `--max-seconds S` (S > 0), a version whose run takes longer than S seconds is not run again; if that
//! run was a warm-up run it is reported as the version's only measured run.

mod fib;
mod integrate;
mod nqueens;
mod streams;
mod uts;

use std::collections::BTreeMap;
use std::fmt;
use std::num::NonZero;
use std::process::exit;
use std::time::Instant;

const SERIAL: &str = "rust-serial";
const RAYON: &str = "rayon";
const CHILI: &str = "chili";

/// A program's answer.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Answer {
    Int(u64),
    Float(f64),
    /// UTS: nodes and leaves.
    Tree(u64, u64),
    /// A collected list: its size and order-sensitive hash.
    Listed(u64, u64),
    /// Word counts: distinct words, total, order-free hash.
    Counted(u64, u64, u64),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Int(v) => write!(f, "{v}"),
            // Debug prints the shortest text that reads back as the same double.
            Answer::Float(v) => write!(f, "{v:?}"),
            Answer::Tree(nodes, leaves) => write!(f, "{nodes}/{leaves}"),
            Answer::Listed(size, h) => write!(f, "{size}/{h}"),
            Answer::Counted(distinct, total, h) => write!(f, "{distinct}/{total}/{h}"),
        }
    }
}

/// Where a version runs.
enum Runtime<'a> {
    Serial,
    Rayon(&'a rayon::ThreadPool),
    Chili(&'a chili::ThreadPool),
}

/// One sized program: runs on a runtime and checks an answer independently of any runtime.
trait Program {
    fn label(&self) -> String;
    fn run(&self, rt: &Runtime) -> Answer;
    fn check(&self, answer: Answer) -> Result<(), String>;
    /// Whether chili runs it (chili has `join` only, no parallel iterators).
    fn on_chili(&self) -> bool {
        true
    }
}

struct Fib(i32);

impl Program for Fib {
    fn label(&self) -> String {
        format!("fib({})", self.0)
    }

    fn run(&self, rt: &Runtime) -> Answer {
        let n = self.0;
        let v = match rt {
            Runtime::Serial => fib::serial(n),
            Runtime::Rayon(p) => p.install(|| fib::rayon(n)),
            Runtime::Chili(p) => fib::chili(&mut p.scope(), n),
        };
        Answer::Int(v as u64)
    }

    fn check(&self, answer: Answer) -> Result<(), String> {
        expect(Answer::Int(fib::iterative(self.0) as u64), answer)
    }
}

/// The serial elision's answer, computed on first use: every version must equal it bit for bit.
struct Integrate(std::cell::OnceCell<Answer>);

impl Program for Integrate {
    fn label(&self) -> String {
        "integrate(0,1000,1e-9)".into()
    }

    fn run(&self, rt: &Runtime) -> Answer {
        use integrate::{f, L, R};
        let v = match rt {
            Runtime::Serial => integrate::serial(L, R, f(L), f(R), 0.0),
            Runtime::Rayon(p) => p.install(|| integrate::rayon(L, R, f(L), f(R), 0.0)),
            Runtime::Chili(p) => integrate::chili(&mut p.scope(), L, R, f(L), f(R), 0.0),
        };
        Answer::Float(v)
    }

    fn check(&self, answer: Answer) -> Result<(), String> {
        // The same splits added in the same order: bitwise equal to the serial elision; and close to ∫.
        expect(*self.0.get_or_init(|| self.run(&Runtime::Serial)), answer)?;
        let exact = integrate::exact(integrate::L, integrate::R);
        match answer {
            Answer::Float(v) if ((v - exact) / exact).abs() <= 1e-9 => Ok(()),
            _ => Err(format!("expected about {exact} but got {answer}")),
        }
    }
}

struct NQueens(usize);

impl Program for NQueens {
    fn label(&self) -> String {
        format!("nqueens({})", self.0)
    }

    fn run(&self, rt: &Runtime) -> Answer {
        let n = self.0;
        let empty = [0u8; nqueens::MAX_N];
        Answer::Int(match rt {
            Runtime::Serial => nqueens::serial(&empty, 0, n),
            Runtime::Rayon(p) => p.install(|| nqueens::rayon(&empty, 0, n)),
            Runtime::Chili(p) => nqueens::chili(&mut p.scope(), &empty, 0, n),
        })
    }

    fn check(&self, answer: Answer) -> Result<(), String> {
        expect(Answer::Int(nqueens::SOLUTIONS[self.0]), answer)
    }
}

struct Uts {
    tree: uts::Tree,
    shape: uts::Shape,
    root: uts::State,
}

impl Program for Uts {
    fn label(&self) -> String {
        format!("uts({})", self.tree.name)
    }

    fn run(&self, rt: &Runtime) -> Answer {
        let (root, shape) = (&self.root, &self.shape);
        let counts = match rt {
            Runtime::Serial => uts::serial(root, 0, shape),
            Runtime::Rayon(p) => p.install(|| uts::rayon(root, 0, shape)),
            Runtime::Chili(p) => uts::chili(&mut p.scope(), root, 0, shape),
        };
        Answer::Tree(counts >> 32, counts & 0xFFFF_FFFF)
    }

    fn check(&self, answer: Answer) -> Result<(), String> {
        expect(Answer::Tree(self.tree.nodes, self.tree.leaves), answer)
    }
}

/// A streams pipeline's runtime: serial iterators or rayon's, never chili (`on_chili` is false).
fn pool<'a>(rt: &'a Runtime) -> Option<&'a rayon::ThreadPool> {
    match rt {
        Runtime::Serial => None,
        Runtime::Rayon(p) => Some(p),
        Runtime::Chili(_) => unreachable!("the streams pipelines do not run on chili"),
    }
}

struct Sum(Vec<u64>);

impl Program for Sum {
    fn label(&self) -> String {
        format!("sum({})", self.0.len())
    }

    fn run(&self, rt: &Runtime) -> Answer {
        Answer::Int(match pool(rt) {
            None => streams::sum_serial(&self.0),
            Some(p) => p.install(|| streams::sum_rayon(&self.0)),
        })
    }

    fn check(&self, answer: Answer) -> Result<(), String> {
        expect(Answer::Int(streams::sum_expected(&self.0)), answer)
    }

    fn on_chili(&self) -> bool {
        false
    }
}

struct MapFilter(Vec<streams::Item>);

impl Program for MapFilter {
    fn label(&self) -> String {
        format!("mapfilter({})", self.0.len())
    }

    fn run(&self, rt: &Runtime) -> Answer {
        let list = match pool(rt) {
            None => streams::mapfilter_serial(&self.0),
            Some(p) => p.install(|| streams::mapfilter_rayon(&self.0)),
        };
        let (size, h) = streams::list_digest(&list);
        Answer::Listed(size, h)
    }

    fn check(&self, answer: Answer) -> Result<(), String> {
        let (size, h) = streams::mapfilter_expected(self.0.len());
        expect(Answer::Listed(size, h), answer)
    }

    fn on_chili(&self) -> bool {
        false
    }
}

/// The words borrow the text, which lives as long as the program (it is leaked once).
struct WordFreq(Vec<&'static str>);

impl Program for WordFreq {
    fn label(&self) -> String {
        format!("wordfreq({} words)", self.0.len())
    }

    fn run(&self, rt: &Runtime) -> Answer {
        let counts = match pool(rt) {
            None => streams::wordfreq_serial(&self.0),
            Some(p) => p.install(|| streams::wordfreq_rayon(&self.0)),
        };
        let (distinct, total, h) = streams::counts_digest(&counts);
        Answer::Counted(distinct, total, h)
    }

    fn check(&self, answer: Answer) -> Result<(), String> {
        let (distinct, total, h) = streams::wordfreq_expected(self.0.len());
        expect(Answer::Counted(distinct, total, h), answer)
    }

    fn on_chili(&self) -> bool {
        false
    }
}

fn expect(expected: Answer, actual: Answer) -> Result<(), String> {
    if expected == actual {
        Ok(())
    } else {
        Err(format!("expected {expected} but got {actual}"))
    }
}

fn program(name: &str, quick: bool) -> Option<Box<dyn Program>> {
    Some(match name {
        "fib" => Box::new(Fib(if quick { 35 } else { 40 })),
        "integrate" => Box::new(Integrate(Default::default())),
        "nqueens" => Box::new(NQueens(12)),
        "uts" => {
            let tree = if quick { uts::QUICK } else { uts::T2 };
            let (shape, root) = (tree.shape(), tree.root());
            Box::new(Uts { tree, shape, root })
        }
        // The streams suite's sizes (Java: SumOfSquares, MapFilterCollect, WordFrequency).
        "sum" => Box::new(Sum(streams::values(if quick { 2_000_000 } else { 10_000_000 }))),
        "mapfilter" => Box::new(MapFilter(streams::items(if quick { 200_000 } else { 1_000_000 }))),
        "wordfreq" => {
            let text: &'static str = Box::leak(streams::text(if quick { 400_000 } else { 2_000_000 }).into_boxed_str());
            Box::new(WordFreq(streams::words(text)))
        }
        _ => return None,
    })
}

struct Args {
    program: String,
    quick: bool,
    runtimes: Vec<String>,
    workers: Vec<usize>,
    warmup: usize,
    reps: usize,
    max_seconds: u64,
}

const USAGE: &str = "usage: peers-rust --program fib|integrate|nqueens|uts|sum|mapfilter|wordfreq --size quick|full \
[--runtimes rust-serial,rayon,chili] [--workers 1,2] [--warmup 3] [--reps 7] [--max-seconds 0]";

fn fail(msg: &str) -> ! {
    eprintln!("peers-rust: {msg}");
    exit(2)
}

fn parse_args() -> Args {
    let mut a = Args {
        program: String::new(),
        quick: true,
        runtimes: vec![SERIAL.into(), RAYON.into(), CHILI.into()],
        workers: vec![1],
        warmup: 3,
        reps: 7,
        max_seconds: 0,
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < argv.len() {
        let opt = argv[i].as_str();
        let value = argv.get(i + 1).unwrap_or_else(|| fail(&format!("{opt} needs a value\n{USAGE}")));
        let number = |v: &str| v.parse::<usize>().unwrap_or_else(|_| fail(&format!("{opt} expects a number, got '{v}'")));
        match opt {
            "--program" => a.program = value.clone(),
            "--size" => {
                a.quick = match value.as_str() {
                    "quick" => true,
                    "full" => false,
                    v => fail(&format!("--size is quick or full, got '{v}'")),
                }
            }
            "--runtimes" => a.runtimes = value.split(',').map(str::to_string).collect(),
            "--workers" => a.workers = value.split(',').map(number).collect(),
            "--warmup" => a.warmup = number(value),
            "--reps" => a.reps = number(value),
            "--max-seconds" => a.max_seconds = number(value) as u64,
            _ => fail(&format!("unknown option {opt}\n{USAGE}")),
        }
        i += 2;
    }
    if a.workers.iter().any(|&p| p == 0) {
        fail("--workers must be positive");
    }
    for r in &a.runtimes {
        if ![SERIAL, RAYON, CHILI].contains(&r.as_str()) {
            fail(&format!("unknown runtime '{r}'; known: {SERIAL}, {RAYON}, {CHILI}"));
        }
    }
    a
}

fn main() {
    let args = parse_args();
    let prog = program(&args.program, args.quick)
        .unwrap_or_else(|| fail(&format!("unknown program '{}'\n{USAGE}", args.program)));
    if !prog.on_chili() && args.runtimes.iter().any(|r| r == CHILI) {
        fail(&format!("{} does not run on {CHILI} (no parallel iterators); use {SERIAL},{RAYON}", args.program));
    }

    // The pools of every size live through the whole measurement, as the Java runner's do.
    let mut rayon_pools = BTreeMap::new();
    let mut chili_pools = BTreeMap::new();
    for &p in &args.workers {
        if args.runtimes.iter().any(|r| r == RAYON) {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(p).build().expect("rayon pool");
            rayon_pools.insert(p, pool);
        }
        if args.runtimes.iter().any(|r| r == CHILI) {
            let config = chili::Config { thread_count: NonZero::new(p), ..Default::default() };
            chili_pools.insert(p, chili::ThreadPool::with_config(config));
        }
    }
    // The versions in table order: the serial elision once, then each parallel runtime per worker count.
    let mut configs: Vec<(&str, usize)> = Vec::new();
    if args.runtimes.iter().any(|r| r == SERIAL) {
        configs.push((SERIAL, 1));
    }
    for &p in &args.workers {
        for r in [RAYON, CHILI] {
            if args.runtimes.iter().any(|x| x == r) {
                configs.push((r, p));
            }
        }
    }
    println!(
        "# peers-rust {}: rustc {}, rayon 1.12.0, chili 0.2.1, {} warm-up + {} measured runs",
        prog.label(),
        env!("PEERS_RUSTC_VERSION"),
        args.warmup,
        args.reps
    );
    let total = args.warmup + args.reps;
    let mut measured = vec![0usize; configs.len()];
    let mut stopped = vec![false; configs.len()];
    for rep in 0..total {
        for k in 0..configs.len() {
            let c = (k + rep) % configs.len();
            if stopped[c] {
                continue;
            }
            let (name, p) = configs[c];
            let rt = match name {
                RAYON => Runtime::Rayon(&rayon_pools[&p]),
                CHILI => Runtime::Chili(&chili_pools[&p]),
                _ => Runtime::Serial,
            };
            let t0 = Instant::now();
            let answer = prog.run(&rt);
            let nanos = t0.elapsed().as_nanos();
            if let Err(e) = prog.check(answer) {
                eprintln!("peers-rust: {} {name} x{p}: wrong answer: {e}", prog.label());
                exit(1);
            }
            let over = args.max_seconds > 0 && nanos > args.max_seconds as u128 * 1_000_000_000;
            if rep >= args.warmup || (over && measured[c] == 0) {
                println!("{},{name},{p},{nanos},{answer}", args.program);
                measured[c] += 1;
            }
            if over {
                stopped[c] = true;
                println!(
                    "# {name} x{p}: a run took {:.1} s, over --max-seconds {}: its other runs are left out ({} measured)",
                    nanos as f64 / 1e9,
                    args.max_seconds,
                    measured[c]
                );
            }
        }
    }
}
