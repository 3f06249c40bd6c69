// peers-cpp: fib, integrate, nqueens and UTS T2 on oneTBB and as their serial elision, timed the way
// ./weft bench times the Java versions.
//
//   peers-cpp --program fib --size quick --runtimes cpp-serial,tbb --workers 1,2 --warmup 3 --reps 7
//
// Every version runs once per repetition, in an order rotated each repetition; warm-up repetitions are not
// reported. Each measured run prints one line "program,runtime,workers,nanos,answer"; lines that start with
// '#' are comments. Every answer is checked; a wrong one ends the program with status 1. With
// --max-seconds S (S > 0), a version whose run takes longer than S seconds is not run again; if that run
// was a warm-up run it is reported as the version's only measured run.
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/version.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "kernels.hpp"

namespace {

const std::string SERIAL = "cpp-serial", TBB = "tbb";

// One sized program: runs serially or on TBB (inside the caller's arena) and checks an answer
// independently of any runtime. Answers travel as text, as they are printed.
struct Program {
    virtual ~Program() = default;
    virtual std::string label() const = 0;
    virtual std::string run(bool parallel) = 0;
    // An empty string if the answer is right, else what is wrong.
    virtual std::string check(const std::string& answer) = 0;
};

std::string expect(const std::string& expected, const std::string& actual) {
    return expected == actual ? "" : "expected " + expected + " but got " + actual;
}

std::string text(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);  // reads back as the same double
    return buf;
}

struct Fib : Program {
    int n;
    explicit Fib(int n) : n(n) {}
    std::string label() const override { return "fib(" + std::to_string(n) + ")"; }
    std::string run(bool parallel) override { return std::to_string(parallel ? fib::parallel(n) : fib::serial(n)); }
    std::string check(const std::string& a) override { return expect(std::to_string(fib::iterative(n)), a); }
};

struct Integrate : Program {
    std::optional<std::string> serial;  // every version must equal it bit for bit
    std::string label() const override { return "integrate(0,1000,1e-9)"; }
    std::string run(bool parallel) override {
        using namespace integrate;
        return text(parallel ? integrate::parallel(L, R, f(L), f(R), 0.0) : integrate::serial(L, R, f(L), f(R), 0.0));
    }
    std::string check(const std::string& a) override {
        if (!serial) serial = run(false);
        std::string e = expect(*serial, a);
        if (!e.empty()) return e;
        double exact = integrate::exact(integrate::L, integrate::R), v = std::strtod(a.c_str(), nullptr);
        return std::fabs((v - exact) / exact) <= 1e-9 ? "" : "expected about " + text(exact) + " but got " + a;
    }
};

struct NQueens : Program {
    int n;
    explicit NQueens(int n) : n(n) {}
    std::string label() const override { return "nqueens(" + std::to_string(n) + ")"; }
    std::string run(bool parallel) override {
        nqueens::Board empty{};
        return std::to_string(parallel ? nqueens::parallel(empty, 0, n) : nqueens::serial(empty, 0, n));
    }
    std::string check(const std::string& a) override { return expect(std::to_string(nqueens::SOLUTIONS[n]), a); }
};

struct Uts : Program {
    uts::Tree tree;
    uts::Shape shape;
    uts::State root;
    explicit Uts(const uts::Tree& t) : tree(t), shape(t), root(uts::root(t)) {}
    std::string label() const override { return std::string("uts(") + tree.name + ")"; }
    std::string run(bool parallel) override {
        std::uint64_t c = parallel ? uts::parallel(root, 0, shape) : uts::serial(root, 0, shape);
        return std::to_string(c >> 32) + "/" + std::to_string(c & 0xFFFFFFFFu);
    }
    std::string check(const std::string& a) override {
        return expect(std::to_string(tree.nodes) + "/" + std::to_string(tree.leaves), a);
    }
};

std::unique_ptr<Program> program(const std::string& name, bool quick) {
    if (name == "fib") return std::make_unique<Fib>(quick ? 35 : 40);
    if (name == "integrate") return std::make_unique<Integrate>();
    if (name == "nqueens") return std::make_unique<NQueens>(12);
    if (name == "uts") return std::make_unique<Uts>(quick ? uts::QUICK : uts::T2);
    return nullptr;
}

const char* USAGE =
    "usage: peers-cpp --program fib|integrate|nqueens|uts --size quick|full [--runtimes cpp-serial,tbb] "
    "[--workers 1,2] [--warmup 3] [--reps 7] [--max-seconds 0]\n";

[[noreturn]] void fail(const std::string& msg) {
    std::fprintf(stderr, "peers-cpp: %s\n%s", msg.c_str(), USAGE);
    std::exit(2);
}

std::vector<std::string> split(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream in(s);
    for (std::string item; std::getline(in, item, ',');) out.push_back(item);
    return out;
}

int number(const std::string& opt, const std::string& v) {
    char* end = nullptr;
    long n = std::strtol(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || n < 0) fail(opt + " expects a number, got '" + v + "'");
    return static_cast<int>(n);
}

}  // namespace

int main(int argc, char** argv) {
    std::string name;
    bool quick = true;
    std::vector<std::string> runtimes{SERIAL, TBB};
    std::vector<int> workers{1};
    int warmup = 3, reps = 7, max_seconds = 0;
    for (int i = 1; i < argc; i += 2) {
        std::string opt = argv[i];
        if (i + 1 >= argc) fail(opt + " needs a value");
        std::string v = argv[i + 1];
        if (opt == "--program") name = v;
        else if (opt == "--size") {
            if (v != "quick" && v != "full") fail("--size is quick or full, got '" + v + "'");
            quick = v == "quick";
        } else if (opt == "--runtimes") runtimes = split(v);
        else if (opt == "--workers") {
            workers.clear();
            for (const std::string& w : split(v)) {
                int p = number(opt, w);
                if (p == 0) fail("--workers must be positive");
                workers.push_back(p);
            }
        } else if (opt == "--warmup") warmup = number(opt, v);
        else if (opt == "--reps") reps = number(opt, v);
        else if (opt == "--max-seconds") max_seconds = number(opt, v);
        else fail("unknown option " + opt);
    }
    for (const std::string& r : runtimes) {
        if (r != SERIAL && r != TBB) fail("unknown runtime '" + r + "'; known: " + SERIAL + ", " + TBB);
    }
    std::unique_ptr<Program> prog = program(name, quick);
    if (!prog) fail("unknown program '" + name + "'");
    auto selected = [&](const std::string& r) { return std::find(runtimes.begin(), runtimes.end(), r) != runtimes.end(); };

    // TBB's default ceiling is the machine's thread count: lift it so that every worker count asked for runs.
    int max_workers = *std::max_element(workers.begin(), workers.end());
    oneapi::tbb::global_control ceiling(oneapi::tbb::global_control::max_allowed_parallelism, max_workers);
    // One arena per worker count, alive through the whole measurement as the Java runner's pools are; the
    // calling thread joins the arena it executes in, so an arena of P has P - 1 TBB workers besides it.
    std::map<int, std::unique_ptr<oneapi::tbb::task_arena>> arenas;
    std::vector<std::pair<std::string, int>> configs;
    if (selected(SERIAL)) configs.emplace_back(SERIAL, 1);
    for (int p : workers) {
        if (!selected(TBB)) continue;
        arenas[p] = std::make_unique<oneapi::tbb::task_arena>(p);
        arenas[p]->initialize();
        configs.emplace_back(TBB, p);
    }
    std::printf("# peers-cpp %s: g++ %s, oneTBB %s, %d warm-up + %d measured runs\n", prog->label().c_str(), __VERSION__,
                TBB_VERSION_STRING, warmup, reps);
    std::vector<int> measured(configs.size());
    std::vector<bool> stopped(configs.size());
    for (int rep = 0; rep < warmup + reps; rep++) {
        for (size_t k = 0; k < configs.size(); k++) {
            size_t c = (k + rep) % configs.size();
            if (stopped[c]) continue;
            const auto& [rt, p] = configs[c];
            std::string answer;
            auto t0 = std::chrono::steady_clock::now();
            if (rt == TBB) {
                arenas[p]->execute([&] { answer = prog->run(true); });
            } else {
                answer = prog->run(false);
            }
            long long nanos = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0).count();
            std::string wrong = prog->check(answer);
            if (!wrong.empty()) {
                std::fprintf(stderr, "peers-cpp: %s %s x%d: wrong answer: %s\n", prog->label().c_str(), rt.c_str(), p, wrong.c_str());
                return 1;
            }
            bool over = max_seconds > 0 && nanos > max_seconds * 1000000000LL;
            if (rep >= warmup || (over && measured[c] == 0)) {
                std::printf("%s,%s,%d,%lld,%s\n", name.c_str(), rt.c_str(), p, nanos, answer.c_str());
                measured[c]++;
            }
            if (over) {
                stopped[c] = true;
                std::printf("# %s x%d: a run took %.1f s, over --max-seconds %d: its other runs are left out (%d measured)\n",
                            rt.c_str(), p, nanos / 1e9, max_seconds, measured[c]);
            }
            std::fflush(stdout);
        }
    }
    return 0;
}
