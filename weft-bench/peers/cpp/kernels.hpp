// fib, integrate, nqueens and UTS T2 (the Java kernels of dev.weft.bench.programs) as the serial elision
// and on oneTBB (the functions named parallel): parallel_invoke for the two-way recursions, parallel_reduce for "sum over the children".
#pragma once

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_invoke.h>
#include <oneapi/tbb/parallel_reduce.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

namespace fib {

// Fibonacci without a cutoff: every call forks.
inline int serial(int n) { return n < 2 ? n : serial(n - 1) + serial(n - 2); }

inline int parallel(int n) {
    if (n < 2) return n;
    int a, b;
    oneapi::tbb::parallel_invoke([&] { a = parallel(n - 1); }, [&] { b = parallel(n - 2); });
    return a + b;
}

// Fibonacci by iteration: the independent check.
inline int iterative(int n) {
    unsigned a = 0, b = 1;
    for (int i = 0; i < n; i++) {
        unsigned t = a + b;
        a = b;
        b = t;
    }
    return static_cast<int>(a);
}

}  // namespace fib

namespace integrate {

// Adaptive trapezoid quadrature of x^3+x on [0, 1000], eps 1e-9, no cutoff; halves added left + right.
constexpr double EPS = 1e-9, L = 0.0, R = 1000.0;

inline double f(double x) { return (x * x + 1.0) * x; }

// The integral of x^3+x on [l, r]: the independent check.
inline double exact(double l, double r) { return (r * r * r * r - l * l * l * l) / 4 + (r * r - l * l) / 2; }

inline double serial(double l, double r, double fl, double fr, double a) {
    double m = (l + r) * 0.5, fm = f(m);
    double al = (fl + fm) * (m - l) * 0.5, ar = (fm + fr) * (r - m) * 0.5, alr = al + ar;
    if (std::fabs(alr - a) <= EPS) return alr;
    return serial(l, m, fl, fm, al) + serial(m, r, fm, fr, ar);
}

inline double parallel(double l, double r, double fl, double fr, double a) {
    double m = (l + r) * 0.5, fm = f(m);
    double al = (fl + fm) * (m - l) * 0.5, ar = (fm + fr) * (r - m) * 0.5, alr = al + ar;
    if (std::fabs(alr - a) <= EPS) return alr;
    double x, y;
    oneapi::tbb::parallel_invoke([&] { x = parallel(l, m, fl, fm, al); }, [&] { y = parallel(m, r, fm, fr, ar); });
    return x + y;
}

}  // namespace integrate

namespace nqueens {

// N-queens as in BOTS: at every row one task per candidate column, each copying the board (BOTS copies
// it into an alloca buffer; here a small array copied by value) and checking the whole board.
constexpr int MAX_N = 16;
using Board = std::array<std::uint8_t, MAX_N>;

// Solutions for n = 0..14, the independent check.
constexpr std::uint64_t SOLUTIONS[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596};

// Whether no two of the first n queens attack each other.
inline bool ok(int n, const Board& a) {
    for (int i = 0; i < n; i++) {
        int p = a[i];
        for (int j = i + 1; j < n; j++) {
            int q = a[j];
            if (q == p || q == p - (j - i) || q == p + (j - i)) return false;
        }
    }
    return true;
}

inline std::uint64_t serial(const Board& a, int j, int n) {
    if (j == n) return 1;
    std::uint64_t solutions = 0;
    for (int col = 0; col < n; col++) {
        Board b = a;
        b[j] = static_cast<std::uint8_t>(col);
        if (ok(j + 1, b)) solutions += serial(b, j + 1, n);
    }
    return solutions;
}

inline std::uint64_t parallel(const Board& a, int j, int n) {
    if (j == n) return 1;
    return oneapi::tbb::parallel_reduce(
        oneapi::tbb::blocked_range<int>(0, n), std::uint64_t{0},
        [&](const oneapi::tbb::blocked_range<int>& cols, std::uint64_t solutions) {
            for (int col = cols.begin(); col < cols.end(); col++) {
                Board b = a;
                b[j] = static_cast<std::uint8_t>(col);
                if (ok(j + 1, b)) solutions += parallel(b, j + 1, n);
            }
            return solutions;
        },
        std::plus<>());
}

}  // namespace nqueens

namespace uts {

// Unbalanced Tree Search, T2: a geometric tree with the cyclic shape function and SHA-1 node states. A
// child's state is SHA-1(parent's 20 bytes || child index, 4 big-endian bytes). A visit returns nodes in
// the high 32 bits and leaves in the low 32 bits, so that counts add up.
using State = std::array<std::uint32_t, 5>;
constexpr int MAX_CHILDREN = 100;
constexpr std::uint64_t NODE = std::uint64_t{1} << 32, LEAF = NODE | 1;

struct Tree {
    const char* name;
    double b0;
    int gen_mx;
    std::uint32_t root_seed;
    std::uint64_t nodes, leaves;
};

// T2 of the UTS sample workloads (-t 1 -a 2 -d 16 -b 6 -r 502) with its published counts, and the Java
// quick size: the same parameters with root seed 1.
constexpr Tree T2{"T2", 6, 16, 502, 4117769, 2342762};
constexpr Tree QUICK{"T2-seed1", 6, 16, 1, 243269, 138448};

inline std::uint32_t rotl(std::uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

// The SHA-1 digest (FIPS 180-1) of a one-block message given as the block's 16 big-endian words with the
// padding in place.
inline State sha1_block(std::array<std::uint32_t, 16> w) {
    constexpr State H{0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u, 0xC3D2E1F0u};
    std::uint32_t a = H[0], b = H[1], c = H[2], d = H[3], e = H[4];
    for (int t = 0; t < 80; t++) {
        if (t >= 16) w[t & 15] = rotl(w[(t + 13) & 15] ^ w[(t + 8) & 15] ^ w[(t + 2) & 15] ^ w[t & 15], 1);
        std::uint32_t f, k;
        if (t < 20) {
            f = d ^ (b & (c ^ d));
            k = 0x5A827999u;
        } else if (t < 40) {
            f = b ^ c ^ d;
            k = 0x6ED9EBA1u;
        } else if (t < 60) {
            f = (b & c) | (d & (b | c));
            k = 0x8F1BBCDCu;
        } else {
            f = b ^ c ^ d;
            k = 0xCA62C1D6u;
        }
        std::uint32_t tmp = rotl(a, 5) + f + e + k + w[t & 15];
        e = d;
        d = c;
        c = rotl(b, 30);
        b = a;
        a = tmp;
    }
    return {H[0] + a, H[1] + b, H[2] + c, H[3] + d, H[4] + e};
}

// rng_init: SHA-1 of 16 zero bytes and the seed, 4 big-endian bytes.
inline State root(const Tree& t) { return sha1_block({0, 0, 0, 0, t.root_seed, 0x80000000u, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20 * 8}); }

// rng_spawn: SHA-1 of the parent's 20 bytes and the child's index.
inline State child(const State& s, int i) {
    return sha1_block({s[0], s[1], s[2], s[3], s[4], static_cast<std::uint32_t>(i), 0x80000000u, 0, 0, 0, 0, 0, 0, 0, 0, 24 * 8});
}

// uts_numChildren_geo: log(1 - p) per depth, p = 1 / (1 + b_d), b_d = b0^sin(2 pi d / gen_mx), 0 below 5 gen_mx.
struct Shape {
    std::vector<double> log_one_minus_p;

    explicit Shape(const Tree& t) {
        for (int d = 0; d < 5 * t.gen_mx + 2; d++) {
            double b = d == 0 ? t.b0 : d > 5 * t.gen_mx ? 0.0 : std::pow(t.b0, std::sin(2.0 * 3.141592653589793 * d / t.gen_mx));
            double p = 1.0 / (1.0 + b);
            log_one_minus_p.push_back(std::log(1.0 - p));
        }
    }

    int num_children(const State& s, int depth) const {
        if (depth >= static_cast<int>(log_one_minus_p.size())) return 0;
        std::uint32_t h = s[4] & 0x7FFFFFFFu;  // rng_rand: the last four bytes, big-endian, positive
        double u = h / 2147483648.0;
        int n = static_cast<int>(std::floor(std::log(1 - u) / log_one_minus_p[depth]));
        return std::min(n, MAX_CHILDREN);
    }
};

inline std::uint64_t serial(const State& s, int depth, const Shape& shape) {
    int n = shape.num_children(s, depth);
    if (n == 0) return LEAF;
    std::uint64_t counts = NODE;
    for (int i = 0; i < n; i++) counts += serial(child(s, i), depth + 1, shape);
    return counts;
}

inline std::uint64_t parallel(const State& s, int depth, const Shape& shape) {
    int n = shape.num_children(s, depth);
    if (n == 0) return LEAF;
    return NODE + oneapi::tbb::parallel_reduce(
                      oneapi::tbb::blocked_range<int>(0, n), std::uint64_t{0},
                      [&](const oneapi::tbb::blocked_range<int>& r, std::uint64_t counts) {
                          for (int i = r.begin(); i < r.end(); i++) counts += parallel(child(s, i), depth + 1, shape);
                          return counts;
                      },
                      std::plus<>());
}

}  // namespace uts
