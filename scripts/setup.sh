#!/usr/bin/env bash
# setup.sh installs what forocl's tests and examples need on Debian:
# gfortran (the serial oracle), the OpenCL ICD loader (and its development
# link, for Fortran host programs), PoCL (the default CPU OpenCL device),
# Open MPI (forocl run --mpi), CMake and make (cmake/forocl.cmake and
# make/forocl.mk build the ported mini-application in the tests), plus
# clinfo for diagnosis. Idempotent: a package is installed only when
# dpkg-query does not list it as installed and, for a tool, the command is
# not on PATH either (an install outside Debian's packages counts).
set -euo pipefail
need=()
# installed PACKAGE: dpkg lists PACKAGE as installed (the status ends in
# " installed"; "not-installed" and "config-files" do not).
installed() {
  local s
  s=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) || return 1
  [[ $s == *" installed" ]]
}
# want PACKAGE [COMMAND]: PACKAGE is needed unless installed, or COMMAND
# runs.
want() {
  installed "$1" && return 0
  [ -n "${2:-}" ] && command -v "$2" >/dev/null 2>&1 && return 0
  need+=("$1")
}
want gfortran gfortran
want ocl-icd-libopencl1
want pocl-opencl-icd
# the link libOpenCL.so, for Fortran programs built with -lOpenCL (fortran/forocl_cl.f90)
want ocl-icd-opencl-dev
want clinfo clinfo
# Open MPI, for forocl run --mpi and its tests (mpirun; libmpi.so is
# loaded at run time, see mpi/mpi.go; mpi.h for the MPI examples).
want openmpi-bin mpirun
want libopenmpi-dev
want cmake cmake
want make make
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "setup: run as root, or install sudo, to install ${need[*]}" >&2; exit 1; }
    SUDO="sudo"
  fi
  echo "setup: installing ${need[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
