#!/usr/bin/env bash
# parres.sh: run `forocl compare` (the OpenCL device against gfortran's
# serial run, element by element) on every data-parallel procedure of the
# ParRes Kernels' FORTRAN/ folder, in the variants their callers use, at
# two awkward sizes, and print a table and a summary; then list what is
# not a procedure forocl could take (whole programs, and the files
# gfortran itself refuses, each confirmed with gfortran).
#
#   scripts/parres.sh PRK_FORTRAN_DIR
#
# PRK_FORTRAN_DIR is the FORTRAN/ folder of a ParRes/Kernels checkout; the
# script neither fetches nor copies it. Files are read as its Makefile
# builds them: -cpp -DRADIUS=2 -DSTAR, prk_mod.F90 providing module prk.
# $FOROCL names the forocl binary (default: built from this repository
# into a scratch folder); $FOROCL_DEVICE or $DEVICE the device (default
# pocl); $JOBS the parallel runs (default 2). Needs gfortran and an
# OpenCL driver. Exit 0 when every run matches, 1 otherwise.
set -euo pipefail

if [[ $# -ne 1 || ! -f $1/prk_mod.F90 ]]; then
	echo "usage: $0 PRK_FORTRAN_DIR   (ParRes Kernels' FORTRAN/, with prk_mod.F90)" >&2
	exit 2
fi
P=$(cd "$1" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/parres.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
if [[ -z ${FOROCL:-} ]]; then
	FOROCL=$WORK/forocl
	(cd "$(dirname "$0")/.." && go build -o "$FOROCL" ./cmd/forocl)
fi
DEVICE=${DEVICE:-${FOROCL_DEVICE:-pocl}}
JOBS=${JOBS:-2}
# shellcheck source=compare-lib.sh
source "$(dirname "$0")/compare-lib.sh"

CPP="-D RADIUS=2 -D STAR"
jobs=$WORK/jobs
: >"$jobs"
job() { # kernel variant size file args...
	local kernel=$1 variant=$2 size=$3 file=$4
	shift 4
	echo "$kernel|$variant|$size|$P|$file|prk_mod.F90 $CPP $*" >>"$jobs"
}

# prk_dgemm(order, tile_size, A, B, C): C += A*B; the caller sets
# tile_size = order when it is out of 1..order (no tiling), else tiles of
# tile_size, which divides order or not.
for f in dgemm.F90 dgemm-openmp.F90 dgemm-stdpar.F90 dgemm-taskloop-openmp.F90; do
	for o in 12 15; do for t in $o 4 5; do
		job prk_dgemm "${f%.F90} tile=$t" "$o" "$f" --set order=$o --set tile_size=$t
	done; done
done

# sweep_tile(startm, endm, startn, endn, m, n, grid): the whole grid (as
# p2p runs without chunks) and one chunk of 4x3 inside it.
for f in p2p.F90 p2p-tasks-openmp.F90 p2p-async-openacc.F90; do
	for s in 13x11 7x19; do
		m=${s%x*} n=${s#*x}
		job sweep_tile "${f%.F90} whole" "$s" "$f" --set m=$m --set n=$n --set startm=2 --set endm=$m --set startn=2 --set endn=$n
		job sweep_tile "${f%.F90} chunk" "$s" "$f" --set m=$m --set n=$n --set startm=6 --set endm=$((m < 9 ? m : 9)) --set startn=5 --set endn=$((n < 7 ? n : 7))
	done
done

# apply_stencil(is_star, tiling, tile_size, r, n, W, A, B): star or box
# stencil of radius 2; tiles over r..n-r-1 that divide it (3 of 9, 7 of
# 14) or not (4).
tiles=([13]="3 4" [18]="7 4")
for f in stencil.F90 stencil-openmp.F90 stencil-openmp-target.F90 stencil-pretty.F90 stencil-stdpar.F90 stencil-taskloop-openmp.F90; do
	for n in 13 18; do for star in .true. .false.; do
		job apply_stencil "${f%.F90} star=$star notiling" "$n" "$f" --set n=$n --set r=2 --set is_star=$star --set tiling=.false. --set tile_size=1
		for t in ${tiles[$n]}; do
			job apply_stencil "${f%.F90} star=$star tile=$t" "$n" "$f" --set n=$n --set r=2 --set is_star=$star --set tiling=.true. --set tile_size=$t
		done
	done; done
done
for n in 13 18; do for star in .true. .false.; do
	job apply_stencil "stencil-openacc star=$star" "$n" stencil-openacc.F90 --set n=$n --set r=2 --set is_star=$star
done; done

# star1..9 and grid1..9(n, in, out): out += the stencil of in, over the
# interior (radius up to 9: n = 23 leaves 5 points).
for f in stencil_serial.F90 stencil_pretty.F90 stencil_taskloop.F90 stencil_target.F90; do
	for k in star grid; do for r in 1 2 3 4 5 6 7 8 9; do for n in 23 26; do
		job "$k$r" "${f%.F90}" "$n" "$f" --set n=$n
	done; done; done
done

# initialize_w(is_star, r, W): the stencil weights.
for r in 2 3; do for star in .true. .false.; do
	echo "initialize_w|star=$star|r=$r|$P|prk_mod.F90|$CPP --set r=$r --set is_star=$star" >>"$jobs"
done; done

# The other procedures of module prk: not data-parallel (a clock, the
# command line, printing), refused.
for k in prk_get_wtime prk_get_arguments print_matrix; do
	echo "$k|prk_mod|-|$P|prk_mod.F90|$CPP" >>"$jobs"
done

# The procedures contained in program pic. init_grid(Qgrid, L) fills
# the L x L charges of the grid pic allocates with L+1 points a side;
# finish_distribution(n, particles) sets the n particles' velocities and
# charges from their positions, k and m: an allocatable array of
# type(particle_t) in pic, a type(particles_t) of allocatable arrays in
# pic_soa, taken apart into one array per component (Note [derived-type
# dummies] in sema/types.go); pic_soa's singlePart(particles, ip) returns
# particle ip as a type(particle_t), whose components are the kernel's
# scalar results. init_particles (its running count ip a serial nest, n
# intent(inout), its enum and SELECT CASE and the inlined
# finish_distribution(n, particles) all taken) places 1600 particles on
# a 20 x 20 grid (GEOMETRIC, the first enumerator, 0); its inlined loop
# over n = ip - 1 runs in parallel, sized when the host reads n back
# (Note [late launches] in abi/late.go). The others are refused:
# alloc_particles' allocate; computeTotalForce and computeCoulomb are scalar code for one
# particle, kernel-no-arrays: the computeCoulomb calls themselves are
# inlined, Note [subroutine calls] in sema/calls.go); check stops before
# the sizes.
for f in pic.F90 pic-openmp.F90 pic_soa.F90 pic_soa-openmp.F90; do
	for l in 9 14; do
		job init_grid "${f%.F90}" "$l" "$f" --set L=$l --shape Qgrid=$((l + 1))x$((l + 1))
		job finish_distribution "${f%.F90}" "$l" "$f" --set n=$l --grid $l
		if grep -qi "function singlePart" "$P/$f"; then
			job singlePart "${f%.F90}" "$l" "$f" --set ip=$((l - 2)) --grid $l
		fi
	done
	job init_particles "${f%.F90}" 20 "$f" --set n=2000 --set L=20 --set rho=0.9 --set k=1 --set m=1 --set init_mode=0 --grid 2000
	for k in computeTotalForce computeCoulomb alloc_particles; do
		grep -qi "\(subroutine\|function\) $k\b" "$P/$f" || continue
		job "$k" "${f%.F90}" - "$f" --set n=9 --set L=9
	done
done

run_jobs "$jobs" "$WORK/rows" && status=0 || status=1

# Not procedures: the main programs (the callers of the kernels above).
echo
echo "whole programs (not procedures):"
grep -li '^ *program ' "$P"/*.F90 | xargs -n1 basename | paste -sd' ' - | fold -s -w 100 | sed 's/^/  /'

# Files gfortran refuses as the Makefile builds them (-fopenmp for the
# -openmp and -target files): their procedures are no kernels.
echo
echo "files gfortran refuses (gfortran -cpp -DRADIUS=2 -DSTAR [-fopenmp]):"
gfortran -cpp -DRADIUS=2 -DSTAR -c "$P/prk_mod.F90" -J "$WORK" -o "$WORK/prk_mod.o"
for f in "$P"/*.F90; do
	flags=()
	case $f in *-openmp*.F90 | *-target*.F90) flags=(-fopenmp) ;; esac
	if ! out=$(gfortran -cpp -DRADIUS=2 -DSTAR "${flags[@]}" -I "$WORK" -J "$WORK" -fsyntax-only "$f" 2>&1); then
		printf '  %-28s %s\n' "$(basename "$f")" "$(grep -m1 -E '(Fatal )?Error' <<<"$out" | cut -c1-110)"
	fi
done
exit $status
