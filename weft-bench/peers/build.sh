#!/usr/bin/env bash
# Builds the peers suite's binaries into weft-bench/peers/bin: peers-rust (rayon, chili), peers-cpp (oneTBB)
# and peers-go (goroutines). Installs oneTBB (Debian's libtbb-dev) with apt-get when it is missing; cargo
# and go must be on the machine. A language whose toolchain is missing or whose build fails gets one line
# saying so, and the others are still built: ./weft bench --peers then runs the languages that were built.
# Each build is incremental (cargo, go and make rebuild only what changed).
#
# Binaries are static where the language allows it (Rust: glibc's crt-static; Go: CGO_ENABLED=0), so that
# bin/ can be copied to a machine without toolchains. oneTBB exists only as a shared library: libtbb.so.12
# is copied beside peers-cpp, which looks for it there first.
#
# Usage: weft-bench/peers/build.sh [rust] [cpp] [go]     (default: all three)
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BIN="$HERE/bin"
mkdir -p "$BIN"
# Toolchains installed per user (rustup, the Go tarball) are often not on a non-login shell's PATH.
for d in "$HOME/.cargo/bin" /usr/local/go/bin; do
  [ -d "$d" ] && case ":$PATH:" in *":$d:"*) ;; *) PATH="$PATH:$d" ;; esac
done
export PATH

say() { printf 'peers: %-5s %s\n' "$1" "$2"; }

# A language whose toolchain is missing: one line, and the binary already in bin/ (copied from a machine
# that built it) is used if there is one.
missing() {
  local lang=$1 binary=$2 why=$3
  if [ -x "$BIN/$binary" ]; then
    say "$lang" "$why: using the bin/$binary already there"
  else
    say "$lang" "skipped: $why"
  fi
}

# Runs a build step with its output in bin/<lang>-build.log; on failure prints one line and the log's end.
build_step() {
  local lang=$1; shift
  local log="$BIN/$lang-build.log"
  if "$@" >"$log" 2>&1; then
    return 0
  fi
  say "$lang" "build failed (log: $log):"
  tail -n 8 "$log" | sed 's/^/         /'
  return 1
}

build_rust() {
  if ! command -v cargo >/dev/null 2>&1; then
    missing rust peers-rust "cargo is not installed (https://rustup.rs)"; return
  fi
  # crt-static: glibc linked in, so the binary runs where no Rust toolchain is.
  build_step rust env RUSTFLAGS="-C target-feature=+crt-static" \
    cargo build --release --locked --manifest-path "$HERE/rust/Cargo.toml" || return
  cp "$HERE/rust/target/release/peers-rust" "$BIN/peers-rust"
  say rust "built bin/peers-rust ($(cargo --version | cut -d' ' -f1-2), rayon 1.12.0, chili 0.2.1; static)"
}

have_tbb() {
  echo '#include <oneapi/tbb/version.h>' | g++ -x c++ -E - >/dev/null 2>&1
}

build_cpp() {
  if ! command -v g++ >/dev/null 2>&1 || ! command -v make >/dev/null 2>&1; then
    missing cpp peers-cpp "g++ and make are needed"; return
  fi
  if ! have_tbb; then
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo -n"
    if command -v apt-get >/dev/null 2>&1; then
      echo "peers: cpp   installing oneTBB (apt-get install libtbb-dev)"
      { DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q libtbb-dev \
          || { $sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q libtbb-dev; }
      } >"$BIN/cpp-install.log" 2>&1
    fi
    if ! have_tbb; then
      missing cpp peers-cpp "oneTBB is not installed and apt-get could not install libtbb-dev (log: bin/cpp-install.log)"
      return
    fi
  fi
  build_step cpp make -C "$HERE/cpp" BIN="$BIN" || return
  say cpp "built bin/peers-cpp (g++ $(g++ -dumpversion), oneTBB; libtbb.so.12 beside it)"
}

build_go() {
  if ! command -v go >/dev/null 2>&1; then
    missing go peers-go "go is not installed (https://go.dev/dl)"; return
  fi
  # CGO off: a static binary. GOTOOLCHAIN=local: no download of another Go when this one is too old.
  build_step go env CGO_ENABLED=0 GOTOOLCHAIN=local go -C "$HERE/go" build -trimpath -o "$BIN/peers-go" . || return
  say go "built bin/peers-go ($(go env GOVERSION); static)"
}

langs=("$@")
[ ${#langs[@]} -eq 0 ] && langs=(rust cpp go)
for l in "${langs[@]}"; do
  case "$l" in
    rust) build_rust ;;
    cpp|c++) build_cpp ;;
    go) build_go ;;
    *) echo "peers: unknown language '$l' (rust, cpp, go)" >&2; exit 2 ;;
  esac
done
exit 0
