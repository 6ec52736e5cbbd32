#!/usr/bin/env bash
# Flipside: the only entry point.
#   ./build.sh serve [PORT]  set up, build dist/, serve it on http://127.0.0.1:PORT (8000)
#   ./build.sh test [LAYER [ARG...]]  set up, build, run every test layer (lint, native,
#                            Pyodide, browser); or one LAYER (lint native pyodide e2e) with
#                            its test files or pytest options, e.g. ./build.sh test native
#                            tests/test_facade.py, ./build.sh test pyodide -k othello
#   ./build.sh build         build dist/ only
#   ./build.sh baselines     build, then write the visual layer's baseline screenshots anew
#                            (tests/e2e/baselines/, after a deliberate change to the page)
#   ./build.sh bench [--list | --only SECTION...]  the benchmark table (py/tools/bench/)
#   ./build.sh setup         install what the others need (idempotent, quick when done)
#   ./build.sh catalogs [--language LANG] [--add FILE.json]  bring the catalogs
#                            (py/flipside/locale/<lang>.po) to the messages the code uses and
#                            compile them; --add fills LANG's from {English: translation}
#                            (docs/languages.md)
#   ./build.sh mutate [MOD...]  mutation testing (MOD: othello/board othello/bitboard
#                            themisto/board themisto/bitboard record facade othello/game
#                            themisto/game; default all of them; see docs/testing.md)
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
VENV=$ROOT/.venv
CACHE=$ROOT/.cache
# Wheels served with the site (dist/pyodide) and wheels the Pyodide test run installs:
# pure-Python wheels for Pyodide's Python 3.14 (hypothesis: last release with a pure wheel).
DIST_WHEELS="micropip==0.11.1"
TEST_WHEELS="pytest==9.1.1 pluggy==1.7.0 iniconfig==2.3.1 packaging==26.3 pygments==2.21.0
  hypothesis==6.155.7 sortedcontainers==2.4.0"
CHROMIUM=/usr/bin/chromium

# A step's heading, with the time since build.sh started (m:ss): where a run's time goes.
say() { printf '\033[1m== [%d:%02d] %s\033[0m\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }
die() { printf 'build.sh: %s\n' "$*" >&2; exit 1; }
stamp_of() { printf '%s' "$*" | sha256sum | cut -c1-16; }

find_python() {
  local c
  for c in python3.14 python3.13 python3.12 python3; do
    if command -v "$c" >/dev/null 2>&1 && "$c" -c 'import sys; raise SystemExit(sys.version_info < (3, 12))' 2>/dev/null; then
      command -v "$c"; return 0
    fi
  done
  local root
  root=$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")
  for c in $(ls -d "$root"/versions/3.1[2-9]* 2>/dev/null | sort -Vr); do
    if [ -x "$c/bin/python3" ]; then echo "$c/bin/python3"; return 0; fi
  done
  die "need Python >= 3.12 (install one, e.g. 'pyenv install 3.13'); python3 is $(python3 --version 2>&1)"
}

setup_python() {
  local stamp=$VENV/.stamp-$(stamp_of "$(cat pyproject.toml constraints.txt)")
  if [ ! -x "$VENV/bin/python" ]; then
    say "creating .venv"
    "$(find_python)" -m venv "$VENV"
  fi
  if [ ! -f "$stamp" ]; then
    say "installing the pinned dev dependencies into .venv"
    "$VENV/bin/python" -m pip install -q pip==26.3
    "$VENV/bin/python" -m pip install -q -c constraints.txt -e ".[dev]"
    rm -f "$VENV"/.stamp-*; touch "$stamp"
  fi
}

# The train extra (Dask and distributed, py/tools/train/jobs.py) for the one native test that
# runs a job on a local cluster (tests/test_tools_labels.py); nothing else needs it.
setup_train() {
  local stamp=$VENV/.stamp-train-$(stamp_of "$(cat pyproject.toml constraints.txt)")
  if [ ! -f "$stamp" ]; then
    say "installing the pinned train extra (Dask) into .venv"
    "$VENV/bin/python" -m pip install -q -c constraints.txt -e ".[train]"
    touch "$stamp"
  fi
}

# needs_train [PYTEST ARG...]: whether a native run reaches tests/test_tools_labels.py (no
# file named, a folder, or that file).
needs_train() {
  local arg named=0
  for arg in "$@"; do
    case "$arg" in -*) continue ;; esac
    arg=${arg%%::*}
    [ -e "$arg" ] || continue
    named=1
    case "$arg" in *.py) [ "$(basename "$arg")" = test_tools_labels.py ] && return 0 ;; *) return 0 ;; esac
  done
  [ $named = 0 ]
}

setup_node() {
  command -v node >/dev/null 2>&1 || die "need Node.js >= 18 (e.g. apt-get install nodejs npm)"
  node -e 'process.exit(Number(process.versions.node.split(".")[0]) < 18 ? 1 : 0)' \
    || die "need Node.js >= 18, found $(node --version)"
  local stamp=node_modules/.stamp-$(stamp_of "$(cat package-lock.json)")
  if [ ! -f "$stamp" ]; then
    say "installing the pinned npm packages (pyodide)"
    npm ci --no-audit --no-fund --loglevel=error
    touch "$stamp"
  fi
}

# download_wheels DIR "pkg==ver ...": pure wheels for Pyodide, kept in .cache
download_wheels() {
  local dir=$1 pins=$2
  local stamp=$dir/.stamp-$(stamp_of "$pins")
  if [ ! -f "$stamp" ]; then
    say "downloading wheels for Pyodide into ${dir#$ROOT/}"
    rm -rf "$dir"; mkdir -p "$dir"
    # shellcheck disable=SC2086
    "$VENV/bin/python" -m pip download -q --disable-pip-version-check --no-deps \
      --only-binary=:all: --platform any --python-version 3.14 --implementation py --abi none \
      -d "$dir" $pins 2> >(grep -v "^WARNING: Location" >&2)
    touch "$stamp"
  fi
}

# The three browser engines of the end-to-end tests, Debian's own packages (never a browser
# downloaded by a test tool): Chromium, Firefox ESR, WebKitGTK's MiniBrowser with its
# WebDriver, and Xvfb for WebKitGTK, which has no headless mode; and Noto's CJK fonts, so
# that the Japanese pages show real glyphs (the visual layer's Japanese screenshots).
BROWSER_PACKAGES="chromium firefox-esr webkit2gtk-driver xvfb fonts-noto-cjk"
BROWSER_FILES="$CHROMIUM /usr/bin/firefox-esr /usr/bin/WebKitWebDriver /usr/bin/Xvfb
  /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
BROWSER_FONTS="/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

missing_browser_files() {
  local f
  for f in $BROWSER_FILES; do [ -x "$f" ] || printf '%s ' "$f"; done
  for f in $BROWSER_FONTS; do [ -f "$f" ] || printf '%s ' "$f"; done
}

setup_browsers() {
  [ -z "$(missing_browser_files)" ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing Debian's $BROWSER_PACKAGES (for the browser tests)"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $BROWSER_PACKAGES >/dev/null
  fi
  local absent
  absent=$(missing_browser_files)
  [ -z "$absent" ] || die "the browser tests need $absent: install Debian's packages as root \
('sudo apt-get install $BROWSER_PACKAGES'), then run this again"
}

setup() {
  setup_python
  setup_node
  download_wheels "$CACHE/wheels/dist" "$DIST_WHEELS"
}

build() {
  say "building dist/"
  PYTHONPATH=py "$VENV/bin/python" -m tools.build.site --out dist "$CACHE"/wheels/dist/*.whl
}

# The test layers. Each takes its own arguments (test files, -k, ...) or runs all of its
# tests; ./build.sh test with no layer runs them all, in this order, and names the ones
# that failed. JOBS: the native layer's pytest-xdist workers (the cores; FLIPSIDE_TEST_JOBS).
JOBS=${FLIPSIDE_TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
[ "$JOBS" -gt 4 ] && JOBS=4

# Layer 0: lint and types. The Python side, and the page's own linters beside it (Biome over
# the JavaScript, Stylelint over the CSS, TypeScript's checker over web/js), each named.
lint_python() {
  "$VENV/bin/ruff" check py tests && "$VENV/bin/ruff" format --check -q py tests \
    && "$VENV/bin/mypy" py/flipside
}
PAGE_LINTERS=(
  "npx --no -- biome check ."
  "npx --no -- stylelint web/**/*.css"
  "npx --no -- tsc -p tsconfig.json"
  "npx --no -- tsc -p tsconfig.workers.json"
)
lint_page() {
  local linter bad=0
  for linter in "${PAGE_LINTERS[@]}"; do
    echo "\$ $linter"
    # shellcheck disable=SC2086  # the glob is Stylelint's, not the shell's
    ( set -f; $linter ) || { echo "build.sh: failed: $linter"; bad=1; }
  done
  return $bad
}
layer_lint() {
  # the page's linters (mostly Node) run beside mypy, their output printed after it
  local log=$CACHE/test-logs/lint-page.log status=0
  mkdir -p "$CACHE/test-logs"
  lint_page > "$log" 2>&1 & local page=$!
  lint_python || status=1
  wait "$page" || status=1
  cat "$log"
  return $status
}

# Layer 1: native pytest over tests/ (tests/e2e is collected only when named), spread over
# the cores by pytest-xdist.
layer_native() {
  [ $# -gt 0 ] || set -- tests --durations=15 # the whole layer: its slowest tests named
  "$VENV/bin/python" -m pytest -n "$JOBS" "$@"
}

# Layer 2: the rules and facade tests again inside Pyodide (Python 3.14) under Node; files
# named here replace the default list (tests/pyodide/run_tests.mjs), run in one process.
# The whole layer: Pyodide is single-threaded, so JOBS Node processes side by side, each every
# JOBS-th test (--shard), their outputs printed in turn; then, alone, the file whose budgets
# read the wall clock in Pyodide (it has no CPU clock), which a second process would upset.
PYODIDE_TIMED=tests/test_othello_ai_time.py
layer_pyodide() {
  local run=(node tests/pyodide/run_tests.mjs "$CACHE/wheels/test" -m "not slow and not native")
  if [ $# -gt 0 ] || [ "$JOBS" -le 1 ]; then
    "${run[@]}" "$@"
    return
  fi
  local logs=$CACHE/test-logs k pids=() status=0
  mkdir -p "$logs"
  for ((k = 0; k < JOBS; k++)); do
    "${run[@]}" --shard="$k/$JOBS" --without="$PYODIDE_TIMED" > "$logs/pyodide-$k.log" 2>&1 &
    pids+=($!)
  done
  for ((k = 0; k < JOBS; k++)); do
    wait "${pids[$k]}" || status=1
    cat "$logs/pyodide-$k.log"
  done
  "${run[@]}" "$PYODIDE_TIMED" || status=1
  return $status
}

# Chromium tests run at the end of the second group instead of in the first, the longer one
# (about 15 against 13 minutes in a fresh clone), so that the two end closer together.
E2E_MOVED=(
  "tests/e2e/test_library.py::test_the_library_in_one_page[chromium]"
  "tests/e2e/test_visual.py::test_every_view_looks_as_it_should[chromium]"
)

# Layer 3: the browser tests, in Chromium, and in Firefox and WebKit (tests/e2e/test_engines.py
# and the other files whose tests take the `tab` fixture). Files named here run in one
# process. The whole layer: with JOBS > 1, the Chromium group and the Firefox and WebKit group
# side by side (one process uses about 1.5 cores: the waits between a page's steps), each with
# its own servers and browsers, their outputs printed in turn; then, alone, the tests marked
# `timed`, which read the wall clock (docs/testing.md).
layer_e2e() {
  local run=("$VENV/bin/python" -m pytest)
  if [ $# -gt 0 ] || [ "$JOBS" -le 1 ]; then
    "${run[@]}" "${@:-tests/e2e}"
    return
  fi
  local logs=$CACHE/test-logs groups=("chromium and not timed" "(firefox or webkit) and not timed")
  local k pids=() status=0 test skip=()
  mkdir -p "$logs"
  for test in "${E2E_MOVED[@]}"; do skip+=(--deselect "$test"); done
  run+=(--durations=15) # the whole layer: each run's slowest tests named
  "${run[@]}" tests/e2e -m "${groups[0]}" "${skip[@]}" > "$logs/e2e-0.log" 2>&1 &
  pids+=($!)
  (
    "${run[@]}" tests/e2e -m "${groups[1]}"
    first=$?
    "${run[@]}" "${E2E_MOVED[@]}" -m "not timed" || exit 1
    exit $first
  ) > "$logs/e2e-1.log" 2>&1 &
  pids+=($!)
  for k in 0 1; do
    wait "${pids[$k]}" || status=1
    echo "-- ${groups[$k]}$([ "$k" = 1 ] && echo ", then ${E2E_MOVED[*]}")"
    cat "$logs/e2e-$k.log"
  done
  "${run[@]}" tests/e2e -m timed || status=1
  return $status
}

# What each layer needs before it runs.
prepare() {
  setup
  case "$1" in
    lint|native) ;;
    pyodide) download_wheels "$CACHE/wheels/test" "$TEST_WHEELS"; build ;;
    e2e) setup_browsers; build ;;
    all) download_wheels "$CACHE/wheels/test" "$TEST_WHEELS"; setup_browsers; build ;;
  esac
}

run_tests() {
  local failed=() logs=$CACHE/test-logs train
  mkdir -p "$logs"
  # The train extra goes in while the lint layer runs (neither needs the other).
  setup_train > "$logs/train-extra.log" 2>&1 & train=$!
  say "0/3 lint and types (ruff, mypy; Biome, Stylelint, TypeScript)"
  layer_lint || failed+=(lint)
  wait "$train" || { cat "$logs/train-extra.log"; die "could not install the train extra"; }
  say "1/3 native tests (pytest, $JOBS workers)"
  layer_native || failed+=(native)
  # After the native layer, not beside it: its time tests read the wall clock (Pyodide has no
  # CPU clock), which more processes than cores make fail.
  say "2/3 rules tests inside Pyodide (Python 3.14, Node; $JOBS processes)"
  layer_pyodide || failed+=(pyodide)
  say "3/3 end-to-end tests: Chromium beside Firefox and WebKit, then the timed tests alone"
  layer_e2e || failed+=(e2e)
  if [ ${#failed[@]} -gt 0 ]; then
    say "FAILED layers: ${failed[*]}"
    return 1
  fi
  say "all test layers passed"
}

# Mutation testing (mutmut, [tool.mutmut] in pyproject.toml): not part of test or CI.
# mutmut wants the package under src/, so it runs on a copy in .cache/mutate.
mutate() {
  local stage=$CACHE/mutate names=() mod
  for mod in "$@"; do
    case "$mod" in
      othello/board|othello/bitboard|themisto/board|themisto/bitboard|record|facade|othello/game|themisto/game) ;;
      *) die "mutate: MOD is one of othello/board othello/bitboard themisto/board themisto/bitboard record facade othello/game themisto/game" ;;
    esac
    names+=("flipside.${mod/\//.}.*")
  done
  say "mutation testing (mutmut) in ${stage#$ROOT/}${1:+ for $*}"
  rm -rf "$stage"; mkdir -p "$stage/src"
  cp -r py/flipside "$stage/src/"; cp -r tests pyproject.toml "$stage/"
  find "$stage" -name __pycache__ -prune -exec rm -rf {} +
  ln -s "$ROOT/../shared" "$stage/shared"   # the tests' ../shared, seen from mutants/
  # 2 GB of address space per process: a mutant that loops appending fails fast with
  # MemoryError (killed) instead of eating the machine's memory.
  ( cd "$stage" && ulimit -v 2000000 && time nice -n 10 "$VENV/bin/mutmut" run --max-children 2 \
      "${names[@]}" ) || true
  ( cd "$stage" && "$VENV/bin/mutmut" results --all true ) > "$stage/results.txt"
  PYTHONPATH=py "$VENV/bin/python" -m tools.check.mutation_score "$stage/results.txt"
}

cmd=${1:-build}
case "$cmd" in
  setup) setup ;;
  build) setup; build ;;
  serve)
    port=${2:-8000}
    setup; build
    say "serving dist/ on http://127.0.0.1:$port/ (Ctrl-C stops)"
    exec "$VENV/bin/python" -m http.server "$port" --bind 127.0.0.1 --directory dist
    ;;
  test)
    shift
    layer=${1:-all}
    [ $# -gt 0 ] && shift
    case "$layer" in
      all)
        [ $# -eq 0 ] || die "test: the full run takes no arguments; name a layer (lint native pyodide e2e)"
        prepare all; run_tests ;;
      lint)
        [ $# -eq 0 ] || die "test lint: takes no arguments"
        prepare lint; say "0/3 lint and types"; layer_lint ;;
      native)
        prepare native
        if needs_train "$@"; then setup_train; fi
        say "1/3 native tests (pytest, $JOBS workers)"; layer_native "$@" ;;
      pyodide) prepare pyodide; say "2/3 rules tests inside Pyodide"; layer_pyodide "$@" ;;
      e2e) prepare e2e; say "3/3 end-to-end tests"; layer_e2e "$@" ;;
      *) die "test: LAYER is one of lint native pyodide e2e (or nothing: all of them)" ;;
    esac
    ;;
  baselines)
    setup
    setup_browsers
    build
    FLIPSIDE_UPDATE_BASELINES=1 "$VENV/bin/python" -m pytest tests/e2e/test_visual.py
    ;;
  bench)
    setup
    setup_browsers
    build
    shift
    PYTHONPATH=py "$VENV/bin/python" -m tools.bench.table "$@"
    ;;
  catalogs)
    setup_python; shift
    PYTHONPATH=py "$VENV/bin/python" -m tools.i18n update "$@"
    ;;
  mutate) setup_python; shift; mutate "$@" ;;
  *) echo "usage: ./build.sh [setup|build|serve [PORT]|test [lint|native|pyodide|e2e [ARG...]]|baselines|bench [--list|--only SECTION...]|catalogs [--language LANG] [--add FILE]|mutate [MOD...]]" >&2; exit 2 ;;
esac
