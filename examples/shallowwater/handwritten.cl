/*
 * handwritten.cl: hand-written OpenCL C 1.2 version of one shallow-water
 * time step, the baseline that forocl's generated code is measured against
 * (the paper's "hand-optimized OpenCL", section 5).
 *
 * sw_step is one full wave_advance step of
 * examples/shallowwater/fortran/wave.f90: both Lax-Wendroff half steps fused
 * in one kernel, with no array temporaries and no local memory. Each
 * work-item owns one interior cell (i,j). It loads the 5-point neighbourhood
 * of H, U, V (the centre and the cells west, east, south and north) into
 * registers, computes the physical fluxes of those cells once, recomputes the
 * four half-step face states around its cell (x faces i-1/2, i+1/2 and y faces
 * j-1/2, j+1/2; every face is thus computed by the two cells that share it,
 * which costs arithmetic but no memory traffic or barriers), and writes the
 * updated cell. Neighbour loads are served by the caches: consecutive
 * work-items along dimension 0 read consecutive addresses.
 *
 * The arithmetic is that of wave_advance, with the same operands and the same
 * order of operations (x**2 is x*x, 0.5*g*h**2 is (0.5f*G)*(h*h), 0.5*dt/dx
 * is (0.5f*dt)/dx), and FP_CONTRACT is off so that no multiply-add is fused.
 * With correctly rounded division (-cl-fp32-correctly-rounded-divide-sqrt,
 * or any device whose '/' is IEEE) the result is the one gfortran computes
 * for wave_advance, bit for bit up to the rounding of the division. The
 * kernel is memory-bound on GPUs (12 bytes read and 12 written per cell), so
 * the extra face arithmetic and the exact divisions cost little.
 *
 * Arrays are column-major (Fortran order) with the full extents nx, ny,
 * which INCLUDE the one-cell halo: element (i,j), 1-based, is at index
 * (i-1) + (j-1)*nx. Interior cells are 2..nx-1, 2..ny-1 (1-based).
 *
 * Launch of sw_step: a 2-D NDRange with get_global_id(0) = i-1 (along x,
 * the contiguous dimension) and get_global_id(1) = j-1. The global size is
 * (nx, ny) rounded up to a multiple of the work-group size, for example a
 * local size of (32,8) or (64,4); work-items outside the interior (halo
 * cells and padding) return without writing. The halo of oH, oU, oV is not
 * written: apply sw_reflect to the outputs before they are the input of the
 * next step, exactly as serial.f90 does. H/U/V and oH/oU/oV must not alias.
 */

#pragma OPENCL FP_CONTRACT OFF

#define G 9.80f

__kernel void sw_step(const int nx, const int ny,
                      const float dx, const float dy, const float dt,
                      __global const float* restrict H,
                      __global const float* restrict U,
                      __global const float* restrict V,
                      __global float* restrict oH,
                      __global float* restrict oU,
                      __global float* restrict oV)
{
    const int i = get_global_id(0);          /* 0-based: Fortran i-1 */
    const int j = get_global_id(1);          /* 0-based: Fortran j-1 */
    if (i < 1 || i > nx - 2 || j < 1 || j > ny - 2) return;

    const int c = i + j * nx;
    const int w = c - 1, e = c + 1, s = c - nx, n = c + nx;

    /* the 5-point neighbourhood */
    const float Hc = H[c], Uc = U[c], Vc = V[c];
    const float Hw = H[w], Uw = U[w], Vw = V[w];
    const float He = H[e], Ue = U[e], Ve = V[e];
    const float Hs = H[s], Us = U[s], Vs = V[s];
    const float Hn = H[n], Un = U[n], Vn = V[n];

    const float hg    = 0.5f * G;            /* 0.5*g               */
    const float hdtdx = 0.5f * dt / dx;      /* (0.5*dt)/dx, step 1 */
    const float hdtdy = 0.5f * dt / dy;
    const float dtdx  = dt / dx;             /* step 2              */
    const float dtdy  = dt / dy;

    /* physical fluxes of the cells: x flux of U (U^2/H + g H^2/2), the
       cross flux U V / H (x flux of V and y flux of U: U*V == V*U exactly),
       y flux of V (V^2/H + g H^2/2) */
    const float fxU_c = Uc * Uc / Hc + hg * (Hc * Hc);
    const float fxU_w = Uw * Uw / Hw + hg * (Hw * Hw);
    const float fxU_e = Ue * Ue / He + hg * (He * He);
    const float fyV_c = Vc * Vc / Hc + hg * (Hc * Hc);
    const float fyV_s = Vs * Vs / Hs + hg * (Hs * Hs);
    const float fyV_n = Vn * Vn / Hn + hg * (Hn * Hn);
    const float fUV_c = Uc * Vc / Hc;
    const float fUV_w = Uw * Vw / Hw;
    const float fUV_e = Ue * Ve / He;
    const float fUV_s = Vs * Us / Hs;
    const float fUV_n = Vn * Un / Hn;

    /* step 1: half-step states on the four faces of the cell */
    const float Hx_l = 0.5f * (Hw + Hc) - hdtdx * (Uc - Uw);
    const float Ux_l = 0.5f * (Uw + Uc) - hdtdx * (fxU_c - fxU_w);
    const float Vx_l = 0.5f * (Vw + Vc) - hdtdx * (fUV_c - fUV_w);
    const float Hx_r = 0.5f * (Hc + He) - hdtdx * (Ue - Uc);
    const float Ux_r = 0.5f * (Uc + Ue) - hdtdx * (fxU_e - fxU_c);
    const float Vx_r = 0.5f * (Vc + Ve) - hdtdx * (fUV_e - fUV_c);

    const float Hy_d = 0.5f * (Hs + Hc) - hdtdy * (Vc - Vs);
    const float Uy_d = 0.5f * (Us + Uc) - hdtdy * (fUV_c - fUV_s);
    const float Vy_d = 0.5f * (Vs + Vc) - hdtdy * (fyV_c - fyV_s);
    const float Hy_u = 0.5f * (Hc + Hn) - hdtdy * (Vn - Vc);
    const float Uy_u = 0.5f * (Uc + Un) - hdtdy * (fUV_n - fUV_c);
    const float Vy_u = 0.5f * (Vc + Vn) - hdtdy * (fyV_n - fyV_c);

    /* step 2: update the cell with the face fluxes */
    oH[c] = Hc - dtdx * (Ux_r - Ux_l)
               - dtdy * (Vy_u - Vy_d);

    oU[c] = Uc - dtdx * ((Ux_r * Ux_r / Hx_r + hg * (Hx_r * Hx_r))
                       - (Ux_l * Ux_l / Hx_l + hg * (Hx_l * Hx_l)))
               - dtdy * (Vy_u * Uy_u / Hy_u - Vy_d * Uy_d / Hy_d);

    oV[c] = Vc - dtdx * (Ux_r * Vx_r / Hx_r - Ux_l * Vx_l / Hx_l)
               - dtdy * ((Vy_u * Vy_u / Hy_u + hg * (Hy_u * Hy_u))
                       - (Vy_d * Vy_d / Hy_d + hg * (Hy_d * Hy_d)));
}

/*
 * sw_reflect: reflective (solid wall) boundary conditions on the halo of
 * H, U, V, the same as subroutine reflect in serial.f90: a ghost cell takes
 * the values of its mirror interior cell, with U negated across the left and
 * right walls and V negated across the bottom and top walls. A corner takes
 * its diagonal interior neighbour with both U and V negated; this is what
 * serial.f90's order (columns first, then full rows) gives, and because each
 * ghost reads only interior cells there are no races.
 *
 * Launch: a 1-D NDRange with one work-item per ghost cell, in this order:
 *   k in [0, nx)                      bottom row  (j = 1,  i = k+1)
 *   k in [nx, 2nx)                    top row     (j = ny, i = k-nx+1)
 *   k in [2nx, 2nx+ny-2)              left column (i = 1,  j = k-2nx+2)
 *   k in [2nx+ny-2, 2nx+2ny-4)        right column(i = nx, j = k-2nx-ny+4)
 * (1-based i, j). The global size is 2*nx + 2*ny - 4 rounded up to a
 * multiple of the work-group size; the padding work-items return. Requires
 * nx >= 3 and ny >= 3 (full extents, halo included).
 */
__kernel void sw_reflect(const int nx, const int ny,
                         __global float* H,
                         __global float* U,
                         __global float* V)
{
    const int k = get_global_id(0);
    int i, j;                                /* 0-based ghost cell */
    if (k < nx)                         { i = k;          j = 0;      }
    else if (k < 2 * nx)                { i = k - nx;     j = ny - 1; }
    else if (k < 2 * nx + ny - 2)       { i = 0;          j = k - 2 * nx + 1; }
    else if (k < 2 * nx + 2 * ny - 4)   { i = nx - 1;     j = k - 2 * nx - ny + 3; }
    else return;

    const bool flip_x = (i == 0 || i == nx - 1);
    const bool flip_y = (j == 0 || j == ny - 1);
    const int si = (i == 0) ? 1 : (i == nx - 1) ? nx - 2 : i;
    const int sj = (j == 0) ? 1 : (j == ny - 1) ? ny - 2 : j;
    const int gidx = i + j * nx;
    const int sidx = si + sj * nx;

    const float h = H[sidx], u = U[sidx], v = V[sidx];
    H[gidx] = h;
    U[gidx] = flip_x ? -u : u;
    V[gidx] = flip_y ? -v : v;
}
