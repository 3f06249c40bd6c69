#!/usr/bin/env bash
# Weft scaling run: the fork/join suite, the peers and the actors suite at 1..16 workers, with the runtime,
# jars and peer binaries of this pack only (built by ./weft scaling-pack; no JDK, network or other tool
# needed: bash, mkdir and the pack). Each part is one run of the benchmark runner (dev.weft.bench.BenchMain, the
# same as ./weft bench) with --stats; a compact table (speedups, Weft / reference, idle %, ramp-up) is printed
# after each part. OUTDIR gets eight files, few enough to come back from a lent machine's $OUT in one go:
# summary.txt (the tables), bench.log (the runner's full output, --stats per worker count included), and
# per part <part>.csv and <part>/report.html.
#
# Usage: run.sh OUTDIR [--workers 1,2,4,8,16] [--quick] [--parts forkjoin,actors,peers]
#                      [--peers-runtimes LIST] [-- extra bench options]
#   --quick   a smoke run: 1 warm-up and 3 measured runs per version (default: the budgeted run below)
#   --parts   which parts to run, in this order (default: forkjoin,actors,peers: the costliest last)
#   --peers-runtimes  the peers suite's runtimes (default: Java, Rust and C++; Go is not in the pack: its
#             goroutine per fork takes about a minute per run at one worker)
# Environment: WEFT_JAVA_OPTS (JVM options; default -Xms2g -Xmx2g, as ./weft bench).
#
# Sizes: always the bench's quick sizes (fib(35), nqueens(12), UTS T2-seed1, ...). Time on the 16-core
# machine, all three parts at 1,2,4,8,16 workers: 6m17s (fork/join 94 s, actors 198 s, peers 83 s; --quick:
# 3m33s); each part prints its elapsed time, so a part can be left out (--parts) when time is short.
set -uo pipefail

# Bash only, no dirname: the pack's folder from this script's path.
case "${BASH_SOURCE[0]}" in */*) HERE=${BASH_SOURCE[0]%/*} ;; *) HERE=. ;; esac
HERE="$(cd "$HERE" && pwd)"
JAVA="$HERE/jrt/bin/java"
CP="$HERE/lib/*"

usage() {
  local line
  while IFS= read -r line; do
    case "$line" in
      '#!'*) ;;
      '#'*) line=${line#\#}; echo "${line# }" ;;
      *) break ;;
    esac
  done < "${BASH_SOURCE[0]}"
}

out="" workers=1,2,4,8,16 quick=false parts=forkjoin,actors,peers
peers_runtimes=serial,weft,rust-serial,rayon,chili,cpp-serial,tbb
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --workers) workers=${2:?--workers needs a value}; shift 2 ;;
    --quick) quick=true; shift ;;
    --parts) parts=${2:?--parts needs a value}; shift 2 ;;
    --peers-runtimes) peers_runtimes=${2:?--peers-runtimes needs a value}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    --) shift; extra=("$@"); break ;;
    -*) echo "run.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) [ -z "$out" ] || { echo "run.sh: one OUTDIR only ($out, $1)" >&2; exit 2; }; out=$1; shift ;;
  esac
done
[ -n "$out" ] || { usage >&2; exit 2; }
[ -x "$JAVA" ] || { echo "run.sh: no runtime at $JAVA (rebuild the pack with ./weft scaling-pack)" >&2; exit 2; }
IFS=, read -r -a part_list <<< "$parts"
for part in "${part_list[@]}"; do
  case "$part" in
    forkjoin|actors|peers) ;;
    *) echo "run.sh: unknown part '$part' (forkjoin, actors, peers)" >&2; exit 2 ;;
  esac
done
mkdir -p "$out" || exit 2
out="$(cd "$out" && pwd)"

# Repetitions: the runner runs every version (warm-up + measured + 1) times, interleaved. One repetition of
# the fork/join suite at 1..16 workers costs about 15-20 s (serial, both runtimes at one worker, then less
# at each doubling), of the actors suite 5 s, of the peers 10-20 s, most of it oneTBB's task per fork at
# one and two workers: a peer version whose run takes more than a second is run once only.
if $quick; then
  fj=(--warmup 1 --reps 3); peers=(--warmup 1 --reps 3); actors=(--warmup 1 --reps 3)
else
  fj=(--warmup 2 --reps 5); peers=(--warmup 1 --reps 5); actors=(--warmup 1 --reps 5)
fi
read -r -a jvm <<< "${WEFT_JAVA_OPTS:--Xms2g -Xmx2g}"

# The machine, for the closing note: CPUs, model, SMT (siblings per core > 1 means hyperthreads).
machine() {
  local cpus=0 model="" siblings="" cores="" key val
  while IFS=: read -r key val; do
    key=${key%"${key##*[![:space:]]}"}
    val=${val# }
    case "$key" in
      processor) cpus=$((cpus + 1)) ;;
      "model name") [ -n "$model" ] || model=$val ;;
      siblings) [ -n "$siblings" ] || siblings=$val ;;
      "cpu cores") [ -n "$cores" ] || cores=$val ;;
    esac
  done < /proc/cpuinfo
  echo "machine: $cpus CPUs ($model), ${cores:-?} cores and ${siblings:-?} threads per socket; pack: $(< "$HERE/VERSION")"
}

# Prints the last lines of a file (tail is not assumed).
last_lines() {
  local -a lines
  mapfile -t lines < "$1"
  local n=${#lines[@]} from=$(( ${#lines[@]} > $2 ? ${#lines[@]} - $2 : 0 ))
  printf '    %s\n' "${lines[@]:from:n}"
}

table() {
  "$JAVA" -cp "$CP" dev.weft.bench.ScalingTable "$@"
}

log="$out/bench.log"
: > "$log"
start_all=$SECONDS
intro=$(machine; echo "workers $workers, parts $parts$($quick && echo ', quick (smoke) run')")
printf '%s\n' "$intro"
printf '%s\n' "$intro" > "$out/summary.txt"
declare -a times=()
for part in "${part_list[@]}"; do
  case "$part" in
    forkjoin) args=(--suite forkjoin "${fj[@]}") ;;
    peers) args=(--suite peers --runtimes "$peers_runtimes" "${peers[@]}") ;;
    actors) args=(--suite actors --runtimes weft-actors,pekko "${actors[@]}") ;;
  esac
  echo "== $part: started $(printf '%(%H:%M:%S)T' -1), log $log"
  echo "== $part: ${args[*]}" >> "$log"
  : > "$out/$part.csv" # an earlier run's table is not shown for a part that fails now
  t0=$SECONDS
  WEFT_PEERS_BIN="$HERE/peers" "$JAVA" "${jvm[@]}" -Dweft.peers.maxRunSeconds=1 -cp "$CP" dev.weft.bench.BenchMain \
    "${args[@]}" --quick --workers "$workers" --stats --csv "$out/$part.csv" --report "$out/$part" "${extra[@]}" \
    >> "$log" 2>&1
  rc=$?
  t=$((SECONDS - t0))
  times+=("$part ${t}s$([ $rc -eq 0 ] || echo " (failed, exit $rc)")")
  echo "== $part: $((t / 60))m$((t % 60))s$([ $rc -eq 0 ] || echo ", FAILED (exit $rc); the log ends:")"
  [ $rc -eq 0 ] || last_lines "$log" 15
  if [ -s "$out/$part.csv" ]; then
    summary=$(table "$out/$part.csv")
    printf '%s\n' "$summary"
    printf '%s\n' "$summary" >> "$out/summary.txt"
  fi
done

total=$((SECONDS - start_all))
summary="== done: ${times[*]}; total $((total / 60))m$((total % 60))s
files in $out: summary.txt (the tables above), bench.log, <part>.csv, <part>/report.html"
printf '%s\n' "$summary"
printf '%s\n' "$summary" >> "$out/summary.txt"
for t in "${times[@]}"; do
  case "$t" in *failed*) exit 1 ;; esac
done
exit 0
