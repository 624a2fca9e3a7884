#!/usr/bin/env bash
# setup.sh installs what forocl's tests and examples need on Debian:
# gfortran (the serial oracle), the OpenCL ICD loader (and its development
# link, for Fortran host programs), PoCL (the default CPU OpenCL device),
# Open MPI (forocl run --mpi), plus clinfo for diagnosis. Idempotent: it
# installs only what is missing.
set -euo pipefail
need=()
command -v gfortran >/dev/null 2>&1 || need+=(gfortran)
[ -e /usr/lib/x86_64-linux-gnu/libOpenCL.so.1 ] || ls /usr/lib/*/libOpenCL.so.1 >/dev/null 2>&1 || need+=(ocl-icd-libopencl1)
ls /etc/OpenCL/vendors/pocl*.icd >/dev/null 2>&1 || need+=(pocl-opencl-icd)
# the link libOpenCL.so, for Fortran programs built with -lOpenCL (fortran/forocl_cl.f90)
ls /usr/lib/*/libOpenCL.so >/dev/null 2>&1 || need+=(ocl-icd-opencl-dev)
command -v clinfo >/dev/null 2>&1 || need+=(clinfo)
# Open MPI, for forocl run --mpi and its tests (mpirun; libmpi.so is
# loaded at run time, see mpi/mpi.go).
command -v mpirun >/dev/null 2>&1 || need+=(openmpi-bin)
# (ls of two patterns fails when either matches nothing: test each.)
compgen -G '/usr/lib/*/openmpi/include/mpi.h' >/dev/null || compgen -G '/usr/lib/*/*/openmpi/include/mpi.h' >/dev/null || need+=(libopenmpi-dev)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "setup: installing ${need[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
