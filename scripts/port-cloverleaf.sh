#!/usr/bin/env bash
# port-cloverleaf.sh: CloverLeaf_ref whole through forocl port (issue 23):
# port its kernel files, build it twice with mpif90 (its own kernel files:
# the CPU build; the ported ones against the runtime), run both on an input
# deck and compare their field_summary lines.
#
#   scripts/port-cloverleaf.sh CLOVERLEAF_DIR [DECK]
#
# CLOVERLEAF_DIR is a checkout of UK-MAC/CloverLeaf_ref; the script neither
# fetches nor copies it into the repository. DECK defaults to its
# InputDecks/clover_bm_short.in; CELLS=N and STEPS=N override the deck's
# x_cells, y_cells and end_step. $FOROCL names the forocl binary (default:
# built from this repository), $FOROCL_DEVICE the device (default pocl);
# FOROCL_RESIDENT=1 and FOROCL_CHECK=1 pass to the ported run; $OPT the
# optimisation flag (default -O2); OMP_NUM_THREADS the CPU build's threads.
# Needs mpif90, mpicc and an OpenCL driver. Prints both runs' wall times
# and exits 0 when the field_summary lines agree, 1 otherwise.
set -euo pipefail

if [[ $# -lt 1 || ! -d $1/kernels ]]; then
	echo "usage: $0 CLOVERLEAF_DIR [DECK]   (a CloverLeaf_ref checkout, with kernels/*.f90)" >&2
	exit 2
fi
CL=$(cd "$1" && pwd)
DECK=${2:-$CL/InputDecks/clover_bm_short.in}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/port-cloverleaf.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
if [[ -z ${FOROCL:-} ]]; then
	FOROCL=$WORK/forocl
	(cd "$(dirname "$0")/.." && go build -o "$FOROCL" ./cmd/forocl)
fi
export FOROCL_DEVICE=${FOROCL_DEVICE:-pocl}
OPT=${OPT:--O2}

"$FOROCL" port "$CL"/kernels/*.f90 -I "$CL" -o "$WORK/ported" >/dev/null

# build DIR PORTED OUT: CloverLeaf in its Makefile's order, the kernel
# files from PORTED when it is not empty.
build() {
	local dir=$1 ported=$2 out=$3 list=() f
	mkdir -p "$dir"
	(cd "$dir" && for c in "$CL"/kernels/*_c.c "$CL"/timer_c.c; do mpicc "$OPT" -I"$CL/kernels" -c "$c"; done)
	[[ -n $ported ]] && list+=("$ported/forocl_cl.f90")
	for f in $(sed -n '/^clover_leaf:/,/-o clover_leaf/p' "$CL/Makefile" | grep -o '[A-Za-z_/]\+\.f90'); do
		if [[ -n $ported && $f == kernels/* ]]; then list+=("$ported/$(basename "$f")"); else list+=("$CL/$f"); fi
	done
	local link=()
	[[ -n $ported ]] && link=(-lOpenCL)
	(cd "$dir" && mpif90 "$OPT" -fopenmp "${list[@]}" ./*.o "${link[@]}" -o "$out")
}
build "$WORK/cpu" "" "$WORK/clover_cpu"
build "$WORK/port" "$WORK/ported" "$WORK/clover_port"

cp "$DECK" "$WORK/deck.in"
[[ -n ${CELLS:-} ]] && sed -i -e "s/x_cells=.*/x_cells=$CELLS/" -e "s/y_cells=.*/y_cells=$CELLS/" "$WORK/deck.in"
[[ -n ${STEPS:-} ]] && sed -i -e "s/end_step=.*/end_step=$STEPS/" "$WORK/deck.in"

# run NAME EXE: run EXE on the deck in its own folder; its field_summary
# lines go to NAME.txt.
run() {
	mkdir -p "$WORK/run_$1"
	cp "$WORK/deck.in" "$WORK/run_$1/clover.in"
	local t0 t1
	t0=$(date +%s.%N)
	if ! (cd "$WORK/run_$1" && "$2" >"$WORK/run_$1/log" 2>&1); then # CloverLeaf reports its steps on stderr
		cat "$WORK/run_$1/log" >&2
		exit 1
	fi
	t1=$(date +%s.%N)
	grep 'step:' "$WORK/run_$1/clover.out" | sort -u >"$WORK/$1.txt"
	printf '%s: %.2f s\n' "$1" "$(echo "$t1 - $t0" | bc)"
}
run cpu "$WORK/clover_cpu"
run port "$WORK/clover_port"
if diff "$WORK/cpu.txt" "$WORK/port.txt"; then
	echo "field_summary: the ported build agrees with the CPU build ($(wc -l <"$WORK/cpu.txt") lines)"
	exit 0
fi
echo "field_summary: the ported build differs from the CPU build" >&2
exit 1
