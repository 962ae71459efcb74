#!/usr/bin/env bash
# Installs everything ddtb needs to build, test and benchmark on Debian 12.
# Run as root (or with sudo). libdds-dev is the reference solver for the tests
# and benchmarks only; the library never links it. clang-14, libclang-rt-14-dev
# (libFuzzer and Clang's sanitizer runtimes) and llvm-14 (llvm-symbolizer, for
# readable sanitizer reports) are for the fuzz targets and sanitizer builds
# (docs/HARDENING.md); clang-format-14 checks the formatting (CTest
# ddtb_clang_format); GCC's ASan/UBSan/TSan runtimes come with g++.
# openmpi-bin and libopenmpi-dev give mpirun and ddtb-build-mpi, the MPI
# launcher of tablebase builds (docs/DISTRIBUTED.md). libcli11-dev parses the
# command lines of ddsolve, ddtb-build and the benchmark tools. pybind11-dev,
# python3-dev, python3-venv, python3-wheel and python3-pytest build, install
# (venv) and test the Python module (python/README.md; pip needs wheel to
# build the package). python3-xxhash and python3-zstandard run the second
# reader of the table format (tests/format_reader.py).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends \
  build-essential cmake ninja-build pkg-config \
  libboost-dev libxxhash-dev libzstd-dev \
  libgtest-dev libgmock-dev libbenchmark-dev \
  libdds-dev \
  openmpi-bin libopenmpi-dev \
  libcli11-dev \
  pybind11-dev python3-dev python3-venv python3-wheel python3-pytest \
  python3-xxhash python3-zstandard \
  clang-14 libclang-rt-14-dev llvm-14 clang-format-14 \
  emscripten node-acorn nodejs chromium
# Debian's nodejs comes without npm (the package npm); NodeSource's nodejs,
# if installed instead, has npm inside and conflicts with Debian's.
if ! command -v npm >/dev/null; then
  apt-get install -y -qq --no-install-recommends npm
fi
