#!/usr/bin/env python3
"""Weft's ratios in the streams suite, from the CSV of ./weft bench --suite streams --csv FILE.

For each program and worker count: Weft's median over the JDK parallel stream's at the same worker count (for
sort: Par.sort over Arrays.parallelSort, both in the same child JVMs), over the serial stream's and the plain
loop's (both run at one worker) and over the handoff's (the plain loop run by a Weft worker, same worker count:
what is left is the iterator's own cost), and whether issue 24's target for that cell is met:
  1 worker:  sum <= 1.1 x the loop; every other program <= the serial stream (sort: <= Arrays.sort, its loop)
  every P:   <= the JDK parallel stream (parallelsort for sort)
  2 workers: < the serial stream (the loop for sort) on all but anymatch

Usage: weft-bench/tools/streams_ratios.py FILE.csv   (prints a Markdown table)
"""
import csv
import sys


def main(path):
    rows = [r for r in csv.DictReader(open(path)) if r["suite"] == "streams"]
    ms = {(r["benchmark"], r["runtime"], int(r["workers"])): float(r["median_ms"]) for r in rows}
    programs = list(dict.fromkeys(r["benchmark"] for r in rows))
    workers = sorted({int(r["workers"]) for r in rows if r["runtime"] == "weft"})
    print("| program | P | weft ms | ÷ JDK parallel | ÷ serial stream | ÷ plain loop | ÷ handoff | target |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for prog in programs:
        loop = ms.get((prog, "loop", 1))
        stream = ms.get((prog, "stream", 1))
        ref_name = "parallelsort" if prog == "sort" else "jdk-parallel"
        for p in workers:
            weft = ms.get((prog, "weft", p))
            if weft is None:
                continue
            ref = ms.get((prog, ref_name, p))
            # sort: Weft against parallelSort in the same (child) JVMs, not across JVMs.
            vs_ref = ms.get((prog, "weft-own-jvm", p)) if prog == "sort" else weft
            handoff = ms.get((prog, "handoff", p))
            serial = stream if stream is not None else loop  # sort has no serial stream: Arrays.sort is its serial form
            checks = []
            if ref is not None and vs_ref is not None:
                checks.append(("<= " + ref_name, vs_ref <= ref))
            if p == 1:
                if prog == "sum":
                    checks.append(("<= 1.1 loop", weft <= 1.1 * loop))
                else:
                    checks.append(("<= serial", weft <= serial))
            if p == 2 and prog != "anymatch":
                checks.append(("< serial", weft < serial))
            verdict = ", ".join(("met " if ok else "MISSED ") + what for what, ok in checks)

            def ratio(x, of=weft):
                return "-" if x is None or of is None else "%.2f" % (of / x)

            print("| %s | %d | %.2f | %s | %s | %s | %s | %s |" % (prog, p, weft, ratio(ref, vs_ref), ratio(stream),
                                                              ratio(loop), ratio(handoff), verdict))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
