// boundary.cl: reflective (solid wall) boundary conditions for the
// shallow-water example, applied on the device between time steps. This is
// a runtime helper, not forocl output: a boundary condition writes halo
// cells, and forocl's subset lets a kernel write only the interior region
// of an output (region_ptr), so it cannot be expressed there.
//
// Same rule as subroutine reflect in fortran/serial.f90: a ghost cell takes
// the values of its mirror interior cell, U negated across the left and
// right walls, V negated across the bottom and top walls; a corner takes its
// diagonal interior neighbour with U and V negated. Each ghost cell reads
// only interior cells, so the update is race-free in place.
//
// Launch: 1-D, one work-item per ghost cell, 2*nx + 2*ny - 4 of them
// (padded; the rest return). nx, ny are the full extents, halo included.
// Build with -DREAL=float or -DREAL=double.

#ifndef REAL
#define REAL float
#endif
#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

__kernel void reflect(const int nx, const int ny,
                      __global REAL* H, __global REAL* U, __global REAL* V)
{
    const int k = get_global_id(0);
    int i, j;
    if (k < nx)                       { i = k;      j = 0; }
    else if (k < 2 * nx)              { i = k - nx; j = ny - 1; }
    else if (k < 2 * nx + ny - 2)     { i = 0;      j = k - 2 * nx + 1; }
    else if (k < 2 * nx + 2 * ny - 4) { i = nx - 1; j = k - 2 * nx - ny + 3; }
    else return;
    const int si = (i == 0) ? 1 : (i == nx - 1) ? nx - 2 : i;
    const int sj = (j == 0) ? 1 : (j == ny - 1) ? ny - 2 : j;
    const int g = i + j * nx, s = si + sj * nx;
    const REAL fu = (i == 0 || i == nx - 1) ? (REAL)(-1) : (REAL)(1);
    const REAL fv = (j == 0 || j == ny - 1) ? (REAL)(-1) : (REAL)(1);
    H[g] = H[s];
    U[g] = fu * U[s];
    V[g] = fv * V[s];
}
