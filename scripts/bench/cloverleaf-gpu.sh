#!/bin/bash
# cloverleaf-gpu.sh: CloverLeaf_ref whole on a GPU machine (no gfortran there), the CPU build
# against the forocl-ported build in resident mode, as BENCHMARKS.md reports (issue 23).
#
#   here:  FOROCL=... scripts/port-cloverleaf.sh's build, twice, into KIT: clover_cpu (mpif90 -O3
#          -march=x86-64-v3 -fopenmp, its own kernels) and clover_port (mpif90 -O2 -fopenmp, the
#          files of `forocl port CL/kernels/*.f90 -I CL`, forocl_cl.f90 first, -lOpenCL); KIT/lib
#          holds libgfortran.so.5, libgomp.so.1 and libquadmath.so.0 (KIT/mpilib Open MPI's, used
#          only where the machine lacks them); KIT/deck_NAME.in CloverLeaf's InputDecks/clover_NAME.in.
#   there: KIT/cloverleaf-gpu.sh (with $OUT set): one warm-up run, then each deck in resident
#          mode, once plain (the wall clock) and once with FOROCL_PROFILE=1 (the kernels' device
#          time), and the CPU build on every core; the runs' clover.out and logs go to $OUT/r.tgz.
mkdir -p /etc/OpenCL/vendors
[ -f /etc/OpenCL/vendors/nvidia.icd ] || echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/lib
if ldd ./clover_port | grep -q "not found"; then export LD_LIBRARY_PATH=$PWD/lib:$PWD/mpilib; fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader
run() { # name exe deck env...
	local name=$1 exe=$2 deck=$3
	shift 3
	mkdir -p "r_$name"
	cp "deck_$deck.in" "r_$name/clover.in"
	(cd "r_$name" && env "$@" timeout 240 "../$exe" >log 2>&1; echo "rc=$?" >>log)
	echo "== $name: $(grep -c 'step:' "r_$name/clover.out") summary lines; $(grep 'Wall clock' "r_$name/clover.out" | tail -1)"
}
run warm clover_port bm_short OMP_NUM_THREADS=1 FOROCL_RESIDENT=1 # fills the program cache
for deck in ${DECKS:-bm_short bm16_short bm64_short}; do
	run "res_$deck" clover_port "$deck" OMP_NUM_THREADS=1 FOROCL_RESIDENT=1
	run "resp_$deck" clover_port "$deck" OMP_NUM_THREADS=1 FOROCL_RESIDENT=1 FOROCL_PROFILE=1
	run "cpu_$deck" clover_cpu "$deck" OMP_NUM_THREADS="$(nproc)" OMP_PROC_BIND=spread
done
tar czf "$OUT/r.tgz" r_*/clover.out r_*/log
