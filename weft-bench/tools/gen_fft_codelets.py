#!/usr/bin/env python3
"""Generates the straight-line FFT codelets of weft-bench's FFT program (dev.weft.bench.programs.FFT).

Cilk-5's fft.cilk uses machine-generated codelets: fft_base_N (a whole DFT of size N) and
fft_twiddle_N (multiply by the twiddle factors, then m DFTs of size N with stride m). This script
writes our own equivalents: each DFT is the radix-2 decimation-in-time expansion, fully unrolled,
with the trivial twiddles (1, -i, (±1-i)/sqrt 2) folded. Complex numbers are interleaved in double
arrays (re at 2k, im at 2k+1).

Usage: python3 gen_fft_codelets.py > codelets.java.txt   (then paste between the markers in FFT.java)
"""
import math
from fractions import Fraction
import sys


class Gen:
    def __init__(self):
        self.lines = []
        self.counter = 0
        self.indent = 1

    def emit(self, s):
        self.lines.append("    " * self.indent + s)

    def fresh(self, prefix):
        self.counter += 1
        return f"{prefix}{self.counter}"


def cos_sin(f):
    """cos and sin of 2 pi f for 0 < f < 1/2, from the first octant so that symmetric angles get
    exactly the same constants."""
    if f > Fraction(1, 4):
        c, s = cos_sin(f - Fraction(1, 4))
        return -s, c
    if f > Fraction(1, 8):
        c, s = cos_sin(Fraction(1, 4) - f)
        return s, c
    t = 2 * math.pi * f.numerator / f.denominator
    return math.cos(t), math.sin(t)


def idx(base, off):
    return base if off == 0 else f"{base} + {off}"


def lit(x):
    return repr(float(x))


def dft(g, xs):
    """Emits code computing the forward DFT (exp(-2 pi i jk/N)) of xs, a list of (re, im) variable
    names; returns the outputs' (re, im) names, declared in the current scope."""
    n = len(xs)
    if n == 1:
        return xs
    outs = []
    for _ in range(n):
        c = g.fresh("")
        outs.append((f"r{c}", f"i{c}"))
    g.emit("double " + ", ".join(v for o in outs for v in o) + ";")
    g.emit("{")
    g.indent += 1
    e = dft(g, xs[0::2])
    o = dft(g, xs[1::2])
    h = n // 2
    for k in range(h):
        er, ei = e[k]
        a, b = o[k]
        xr, xi = outs[k]
        yr, yi = outs[k + h]
        if k == 0:
            g.emit(f"{xr} = {er} + {a}; {xi} = {ei} + {b};")
            g.emit(f"{yr} = {er} - {a}; {yi} = {ei} - {b};")
        elif 4 * k == n:  # w = -i: t = (b, -a)
            g.emit(f"{xr} = {er} + {b}; {xi} = {ei} - {a};")
            g.emit(f"{yr} = {er} - {b}; {yi} = {ei} + {a};")
        elif 8 * k == n:  # w = (1 - i)/sqrt 2: t = (c(a + b), c(b - a))
            c = g.fresh("")
            tr, ti = f"tr{c}", f"ti{c}"
            g.emit(f"double {tr} = SQRT1_2 * ({a} + {b}), {ti} = SQRT1_2 * ({b} - {a});")
            g.emit(f"{xr} = {er} + {tr}; {xi} = {ei} + {ti};")
            g.emit(f"{yr} = {er} - {tr}; {yi} = {ei} - {ti};")
        elif 8 * k == 3 * n:  # w = (-1 - i)/sqrt 2: t = (c(b - a), -c(a + b))
            c = g.fresh("")
            tr, ti = f"tr{c}", f"ti{c}"
            g.emit(f"double {tr} = SQRT1_2 * ({b} - {a}), {ti} = SQRT1_2 * ({a} + {b});")
            g.emit(f"{xr} = {er} + {tr}; {xi} = {ei} - {ti};")
            g.emit(f"{yr} = {er} - {tr}; {yi} = {ei} + {ti};")
        else:  # w = c - i s: t = (c a + s b, c b - s a)
            cw, sw = (lit(v) for v in cos_sin(Fraction(k, n)))
            c = g.fresh("")
            tr, ti = f"tr{c}", f"ti{c}"
            g.emit(f"double {tr} = {cw} * {a} + {sw} * {b}, {ti} = {cw} * {b} - {sw} * {a};")
            g.emit(f"{xr} = {er} + {tr}; {xi} = {ei} + {ti};")
            g.emit(f"{yr} = {er} - {tr}; {yi} = {ei} - {ti};")
    g.indent -= 1
    g.emit("}")
    return outs


def base(n):
    g = Gen()
    g.emit(f"/** DFT of the {n} complex points {{@code in[ip + j*is]}} (j < {n}) into {{@code out[op..op+{n})}}. */")
    g.emit(f"static void base{n}(double[] in, int ip, int is, double[] out, int op) {{")
    g.indent += 1
    g.emit("int p = 2 * ip;")
    g.emit("int s = 2 * is;")
    g.emit("int q = 2 * op;")
    xs = []
    for j in range(n):
        xr, xi = f"x{j}r", f"x{j}i"
        pj = "p" if j == 0 else ("p + s" if j == 1 else f"p + {j} * s")
        g.emit(f"double {xr} = in[{pj}], {xi} = in[{pj} + 1];")
        xs.append((xr, xi))
    outs = dft(g, xs)
    for k, (r, i) in enumerate(outs):
        g.emit(f"out[{idx('q', 2 * k)}] = {r}; out[{idx('q', 2 * k + 1)}] = {i};")
    g.indent -= 1
    g.emit("}")
    return "\n".join(g.lines)


def twiddle(n):
    g = Gen()
    g.emit(f"/**")
    g.emit(f" * Leaf of fft_twiddle_{n}: for i in [a, b), multiplies {{@code in[ip + i + j*m]}} (j < {n}) by the twiddle")
    g.emit(f" * factors W^(j*i*nWdn) and writes their DFT of size {n} to {{@code out[op + i + k*m]}}.")
    g.emit(f" */")
    g.emit(f"static void twiddle{n}Leaf(int a, int b, double[] in, int ip, double[] out, int op, double[] w, int nWdn, int m) {{")
    g.indent += 1
    g.emit("for (int i = a, l1 = nWdn * a; i < b; i++, l1 += nWdn) {")
    g.indent += 1
    g.emit("int p = 2 * (ip + i);")
    g.emit("int q = 2 * (op + i);")
    g.emit("double x0r = in[p], x0i = in[p + 1];")
    xs = [("x0r", "x0i")]
    for j in range(1, n):
        xr, xi = f"x{j}r", f"x{j}i"
        g.emit(f"double {xr}, {xi};")
        g.emit("{")
        g.indent += 1
        g.emit(f"int wj = 2 * ({j} * l1);" if j > 1 else "int wj = 2 * l1;")
        g.emit("double wr = w[wj], wi = w[wj + 1];")
        g.emit(f"int pj = p + {2 * j} * m;" if j > 1 else "int pj = p + 2 * m;")
        g.emit("double tr = in[pj], ti = in[pj + 1];")
        g.emit(f"{xr} = wr * tr - wi * ti;")
        g.emit(f"{xi} = wi * tr + wr * ti;")
        g.indent -= 1
        g.emit("}")
        xs.append((xr, xi))
    outs = dft(g, xs)
    for k, (r, i) in enumerate(outs):
        if k == 0:
            g.emit(f"out[q] = {r}; out[q + 1] = {i};")
        else:
            g.emit(f"{{ int qk = q + {2 * k} * m; out[qk] = {r}; out[qk + 1] = {i}; }}")
    g.indent -= 1
    g.emit("}")
    g.indent -= 1
    g.emit("}")
    return "\n".join(g.lines)


def main():
    parts = ["    // ---- generated by weft-bench/tools/gen_fft_codelets.py: do not edit by hand ----"]
    for n in (2, 4, 8, 16):
        parts.append(base(n))
    for n in (8, 16):
        parts.append(twiddle(n))
    parts.append("    // ---- end of generated codelets ----")
    print("\n\n".join(parts))


if __name__ == "__main__":
    sys.exit(main())
