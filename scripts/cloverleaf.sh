#!/usr/bin/env bash
# cloverleaf.sh: run `forocl compare` (the OpenCL device against gfortran's
# serial run, element by element) on every kernel subroutine of a
# CloverLeaf_ref checkout, in every variant its callers use, at two awkward
# grid sizes, and print a table and a summary.
#
#   scripts/cloverleaf.sh CLOVERLEAF_DIR
#
# CLOVERLEAF_DIR is a checkout of UK-MAC/CloverLeaf_ref (its kernels/ and
# data.f90); the script neither fetches nor copies it. $FOROCL names the
# forocl binary (default: built from this repository into a scratch
# folder); $FOROCL_DEVICE or $DEVICE the device (default pocl); $JOBS the
# parallel runs (default 2). Needs gfortran and an OpenCL driver.
# Exit 0 when every run matches, 1 otherwise.
set -euo pipefail

if [[ $# -ne 1 || ! -d $1/kernels ]]; then
	echo "usage: $0 CLOVERLEAF_DIR   (a CloverLeaf_ref checkout, with kernels/*.f90)" >&2
	exit 2
fi
CL=$(cd "$1" && pwd)
K=$CL/kernels
WORK=$(mktemp -d "${TMPDIR:-/tmp}/cloverleaf.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
if [[ -z ${FOROCL:-} ]]; then
	FOROCL=$WORK/forocl
	(cd "$(dirname "$0")/.." && go build -o "$FOROCL" ./cmd/forocl)
fi
DEVICE=${DEVICE:-${FOROCL_DEVICE:-pocl}}
JOBS=${JOBS:-2}
# shellcheck source=compare-lib.sh
source "$(dirname "$0")/compare-lib.sh"

# The inputs that must hold CloverLeaf's values: every face external
# (EXTERNAL_FACE = EXTERNAL_TILE = -1), one field flag set of NUM_FIELDS,
# the state geometries (g_rect, g_circ).
npy_i32 "$WORK/external.npy" -1 -1 -1 -1
for f in $(seq 1 15); do
	flags=()
	for g in $(seq 1 15); do flags+=($((f == g ? 1 : 0))); done
	npy_i32 "$WORK/field$f.npy" "${flags[@]}"
done
npy_i32 "$WORK/geometry.npy" 1 2

# One job per line (compare-lib.sh): kernel|variant|size|dir|file|arguments.
SIZES="13x11 7x19"
jobs=$WORK/jobs
: >"$jobs"
job() { # kernel variant file args...
	local kernel=$1 variant=$2 file=$3
	shift 3
	local s x y
	for s in $SIZES; do
		x=${s%x*} y=${s#*x}
		echo "$kernel|$variant|$s|$K|$file|--set x_min=1 --set x_max=$x --set y_min=1 --set y_max=$y $*" | sed "s/XMAX/$x/g; s/YMAX/$y/g" >>"$jobs"
	done
}
job accelerate_kernel - accelerate_kernel.f90 --set dt=0.01
for p in .true. .false.; do job PdV_kernel "predict=$p" PdV_kernel.f90 --set predict=$p --set dt=0.01; done
for d in 1 2; do for s in 1 2; do
	job advec_cell_kernel "dir=$d sweep=$s" advec_cell_kernel.f90 --set dir=$d --set sweep_number=$s
done; done
for w in 1 2; do for s in 1 2; do for d in 1 2; do
	job advec_mom_kernel "vel=$w sweep=$s dir=$d" advec_mom_kernel.f90 --set which_vel=$w --set sweep_number=$s --set direction=$d
done; done; done
# dtmin=1e3 makes every step too small: the WRITE block runs, and compare
# checks its records against gfortran's.
for dtmin in 1e-7 1e3; do
	job calc_dt_kernel "dtmin=$dtmin" calc_dt_kernel.f90 --set g_small=1e-16 --set g_big=1e21 --set dtmin=$dtmin --set dtc_safe=0.7 \
		--set dtu_safe=0.5 --set dtv_safe=0.5 --set dtdiv_safe=0.7
done
job field_summary_kernel - field_summary_kernel.f90
job flux_calc_kernel - flux_calc_kernel.f90 --set dt=0.01
job generate_chunk_kernel - generate_chunk_kernel.f90 --set number_of_states=2 --set g_rect=1 --set g_circ=2 --set g_point=3 \
	--in "state_geometry=$WORK/geometry.npy"
job ideal_gas_kernel - ideal_gas_kernel.f90
job initialise_chunk_kernel - initialise_chunk_kernel.f90 --set xmin=0.0 --set ymin=0.0 --set dx=0.1 --set dy=0.1
job reset_field_kernel - reset_field_kernel.f90
job revert_kernel - revert_kernel.f90
job viscosity_kernel - viscosity_kernel.f90
# pack/unpack: the field's shape follows its type (cell, vertex, x face,
# y face: CELL_DATA..Y_FACE_DATA = 1..4), from lower bound -1.
shape=([1]="\$((XMAX+4))x\$((YMAX+4))" [2]="\$((XMAX+5))x\$((YMAX+5))" [3]="\$((XMAX+5))x\$((YMAX+4))" [4]="\$((XMAX+4))x\$((YMAX+5))")
for side in left right top bottom; do for dir in pack:snd unpack:rcv; do
	for t in 1 2 3 4; do for depth in 1 2; do
		job "clover_${dir%:*}_message_$side" "field_type=$t depth=$depth" pack_kernel.f90 \
			--set field_type=$t --set depth=$depth --set cell_data=1 --set vertex_data=2 --set x_face_data=3 --set y_face_data=4 \
			--set buffer_offset=3 --shape "field=${shape[$t]}" --shape "${side}_${dir#*:}_buffer=\$((4*(XMAX+YMAX+10)))"
	done; done
done; done
for f in $(seq 1 15); do for depth in 1 2; do
	job update_halo_kernel "field=$f depth=$depth" update_halo_kernel.f90 -I "$CL" --set depth=$depth \
		--in "fields=$WORK/field$f.npy" --in "chunk_neighbours=$WORK/external.npy" --in "tile_neighbours=$WORK/external.npy"
	for side in l r t b; do
		n=$(case $side in l) echo left ;; r) echo right ;; t) echo top ;; b) echo bottom ;; esac)
		job "update_tile_halo_${side}_kernel" "field=$f depth=$depth" update_tile_halo_kernel.f90 -I "$CL" --set depth=$depth \
			--in "fields=$WORK/field$f.npy" --set ${n}_xmin=1 --set ${n}_xmax=XMAX --set ${n}_ymin=1 --set ${n}_ymax=YMAX
	done
done; done

run_jobs "$jobs" "$WORK/rows"
