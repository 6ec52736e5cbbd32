#!/usr/bin/env bash
# Flipside: the only entry point. Usage: ./build.sh [setup|build|serve [PORT]|test|bench]
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
VENV=$ROOT/.venv

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
  echo "build.sh: need Python >= 3.12 (install one, e.g. with pyenv)" >&2
  return 1
}

setup_python() {
  local stamp=$VENV/.stamp-$(sha256sum pyproject.toml | cut -c1-16)
  if [ ! -x "$VENV/bin/python" ]; then
    "$(find_python)" -m venv "$VENV"
  fi
  if [ ! -f "$stamp" ]; then
    "$VENV/bin/python" -m pip install -q --upgrade pip
    "$VENV/bin/python" -m pip install -q -e ".[dev]"
    rm -f "$VENV"/.stamp-*; touch "$stamp"
  fi
}

cmd=${1:-build}
case "$cmd" in
  setup) setup_python ;;
  test)
    setup_python
    "$VENV/bin/python" -m pytest tests
    ;;
  *) echo "usage: ./build.sh [setup|build|serve [PORT]|test|bench]" >&2; exit 2 ;;
esac
