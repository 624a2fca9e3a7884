// Hand-written OpenCL for issue 25's benchmark (scripts/bench/issue25.f90 and
// babel25.F90 say what each computes), the reference forocl's generated
// kernels are compared with by scripts/bench/clbench. Built with -D T=float
// or -D T=double for the BabelStream-style kernels; the CloverLeaf-style ones
// are real(8) always.
//
// The CloverLeaf-style kernels take the interior size nx x ny and run one
// work-item per point of a 2-D NDRange whose dimension 0 walks a whole row
// of the array from its first (halo) element, so that a row's work-items
// start at the array's row start, and whose dimension 1 starts at the first
// interior row; points outside the loop's range return. Column c, row r
// (from 0) is Fortran's (x_min - 2 + c, y_min - 2 + r). Cell arrays have
// rows of nx + 4 elements, node and x-face arrays nx + 5.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define CELL(c, r) ((c) + (r) * (nx + 4))
#define NODE(c, r) ((c) + (r) * (nx + 5))
#define POINT const int c = get_global_id(0); const int r = get_global_id(1) + 2

__kernel void copy1d(const int n, __global const double* restrict a, __global double* restrict b) {
    const int i = get_global_id(0);
    if (i < n) b[i] = a[i];
}

__kernel void copy2d(const int nx, const int ny, __global const double* restrict a, __global double* restrict b) {
    POINT;
    if (c < 2 || c > nx + 1 || r > ny + 1) return;
    b[CELL(c, r)] = a[CELL(c, r)];
}

__kernel void ideal_gas(const int nx, const int ny, __global const double* restrict density,
    __global const double* restrict energy, __global double* restrict pressure, __global double* restrict soundspeed) {
    POINT;
    if (c < 2 || c > nx + 1 || r > ny + 1) return;
    const int i = CELL(c, r);
    const double d = density[i];
    const double v = 1.0 / d;
    const double p = 0.4 * d * energy[i];
    const double pe = 0.4 * d;
    const double pv = -d * p;
    pressure[i] = p;
    soundspeed[i] = sqrt(v * v * (p * pe - pv));
}

// viscosity's body, with its loads through LD and its divisions through DIV:
// the kernel itself, and two bounds that do not compute its results.
#define VISCOSITY(name, LD, DIV) \
__kernel void name(const int nx, const int ny, __global const double* restrict celldx, \
    __global const double* restrict celldy, __global const double* restrict density0, \
    __global const double* restrict pressure, __global double* restrict visc, \
    __global const double* restrict xvel0, __global const double* restrict yvel0) { \
    POINT; \
    if (c < 2 || c > nx + 1 || r > ny + 1) return; \
    const int n = NODE(c, r), i = CELL(c, r); \
    const double dx = celldx[c], dy = celldy[r]; \
    const double x00 = xvel0[LD(n)], x10 = xvel0[LD(n + 1)], x01 = xvel0[LD(n + nx + 5)], x11 = xvel0[LD(n + nx + 6)]; \
    const double y00 = yvel0[LD(n)], y10 = yvel0[LD(n + 1)], y01 = yvel0[LD(n + nx + 5)], y11 = yvel0[LD(n + nx + 6)]; \
    const double ugrad = (x10 + x11) - (x00 + x01); \
    const double vgrad = (y01 + y11) - (y00 + y10); \
    const double div = dx * ugrad + dy * vgrad; \
    const double strain2 = DIV(0.5 * (x01 + x11 - x00 - x10), dy) + DIV(0.5 * (y10 + y11 - y00 - y01), dx); \
    double pgradx = DIV(pressure[LD(i + 1)] - pressure[LD(i - 1)], dx + celldx[c + 1]); \
    double pgrady = DIV(pressure[LD(i + nx + 4)] - pressure[LD(i - nx - 4)], dy + celldy[r + 1]); \
    const double pgradx2 = pgradx * pgradx, pgrady2 = pgrady * pgrady; \
    const double limiter = DIV(DIV(0.5 * ugrad, dx) * pgradx2 + DIV(0.5 * vgrad, dy) * pgrady2 + strain2 * pgradx * pgrady, \
        fmax(pgradx2 + pgrady2, 1.0e-16)); \
    pgradx = copysign(fmax(1.0e-16, fabs(pgradx)), pgradx); \
    pgrady = copysign(fmax(1.0e-16, fabs(pgrady)), pgrady); \
    const double grad2 = pgradx * pgradx + pgrady * pgrady; \
    const double grad = sqrt(grad2); \
    visc[i] = (limiter > 0.0 || div >= 0.0) ? 0.0 : DIV(2.0 * density0[LD(i)] * grad2 * limiter * limiter, grad); \
}
#define LOAD(i) (i)
#define QUOTIENT(a, b) ((a) / (b))
VISCOSITY(viscosity, LOAD, QUOTIENT)
// Bounds (not viscosity's results; clbench times them, -check skips them):
// its arithmetic alone, every load wrapped into the first 4096 elements,
// which the caches hold (the store still writes every point) ...
#define CACHED(i) ((i) & 4095)
VISCOSITY(viscosity_arith, CACHED, QUOTIENT)
// ... and its memory traffic with each division a multiplication.
#define PRODUCT(a, b) ((a) * (b))
VISCOSITY(viscosity_mul, LOAD, PRODUCT)

__kernel void accelerate(const int nx, const int ny, const double dt, __global const double* restrict xarea,
    __global const double* restrict yarea, __global const double* restrict volume,
    __global const double* restrict density0, __global const double* restrict pressure,
    __global const double* restrict visc, __global const double* restrict xvel0,
    __global const double* restrict yvel0, __global double* restrict xvel1, __global double* restrict yvel1) {
    POINT;
    if (c < 2 || c > nx + 2 || r > ny + 2) return;
    const int i = CELL(c, r), s = nx + 4, n = NODE(c, r), w = nx + 5;
    const double mass = 0.25 * (density0[i - s - 1] * volume[i - s - 1] + density0[i - s] * volume[i - s]
        + density0[i] * volume[i] + density0[i - 1] * volume[i - 1]);
    const double step = 0.5 * dt / mass;
    xvel1[n] = xvel0[n] - step * (xarea[n] * (pressure[i] - pressure[i - 1]) + xarea[n - w] * (pressure[i - s] - pressure[i - s - 1])
        + xarea[n] * (visc[i] - visc[i - 1]) + xarea[n - w] * (visc[i - s] - visc[i - s - 1]));
    yvel1[n] = yvel0[n] - step * (yarea[i] * (pressure[i] - pressure[i - s]) + yarea[i - 1] * (pressure[i - 1] - pressure[i - s - 1])
        + yarea[i] * (visc[i] - visc[i - s]) + yarea[i - 1] * (visc[i - 1] - visc[i - s - 1]));
}

// Both of flux_calc's loops in one launch over the nodes.
__kernel void flux_calc(const int nx, const int ny, const double dt, __global const double* restrict xarea,
    __global const double* restrict yarea, __global const double* restrict xvel0,
    __global const double* restrict yvel0, __global const double* restrict xvel1,
    __global const double* restrict yvel1, __global double* restrict vol_flux_x, __global double* restrict vol_flux_y) {
    POINT;
    if (c < 2 || c > nx + 2 || r > ny + 2) return;
    const int n = NODE(c, r), w = nx + 5;
    if (r <= ny + 1) {
        vol_flux_x[n] = 0.25 * dt * xarea[n] * (xvel0[n] + xvel0[n + w] + xvel1[n] + xvel1[n + w]);
    }
    if (c <= nx + 1) {
        const int i = CELL(c, r);
        vol_flux_y[i] = 0.25 * dt * yarea[i] * (yvel0[n] + yvel0[n + 1] + yvel1[n] + yvel1[n + 1]);
    }
}

__kernel void revert(const int nx, const int ny, __global const double* restrict density0,
    __global double* restrict density1, __global const double* restrict energy0, __global double* restrict energy1) {
    POINT;
    if (c < 2 || c > nx + 1 || r > ny + 1) return;
    const int i = CELL(c, r);
    density1[i] = density0[i];
    energy1[i] = energy0[i];
}

// Both of reset_field's loops in one launch over the nodes.
__kernel void reset_field(const int nx, const int ny, __global double* restrict density0,
    __global const double* restrict density1, __global double* restrict energy0,
    __global const double* restrict energy1, __global double* restrict xvel0, __global const double* restrict xvel1,
    __global double* restrict yvel0, __global const double* restrict yvel1) {
    POINT;
    if (c < 2 || c > nx + 2 || r > ny + 2) return;
    const int n = NODE(c, r);
    xvel0[n] = xvel1[n];
    yvel0[n] = yvel1[n];
    if (c <= nx + 1 && r <= ny + 1) {
        const int i = CELL(c, r);
        density0[i] = density1[i];
        energy0[i] = energy1[i];
    }
}

// field_summary's mass: the interior's points walked as one flat range
// with the stride of the whole NDRange, then folded as b_dot does.
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void mass_sum(const int nx, const int ny, __global const double* restrict density0,
    __global const double* restrict volume, __global double* restrict part) {
    __local double tree[256];
    const int l = get_local_id(0);
    double s = 0;
    for (int f = get_global_id(0); f < nx * ny; f += get_global_size(0)) {
        const int i = CELL(f % nx + 2, f / nx + 2);
        s += density0[i] * volume[i];
    }
    tree[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int h = 128; h > 0; h >>= 1) {
        if (l < h) tree[l] += tree[l + h];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) part[get_group_id(0)] = tree[0];
}

// BabelStream-style kernels over n elements of T.
__kernel void b_copy(const int n, __global const T* restrict a, __global T* restrict c) {
    const int i = get_global_id(0);
    if (i < n) c[i] = a[i];
}
__kernel void b_mul(const int n, const T scalar, __global T* restrict b, __global const T* restrict c) {
    const int i = get_global_id(0);
    if (i < n) b[i] = scalar * c[i];
}
__kernel void b_add(const int n, __global const T* restrict a, __global const T* restrict b, __global T* restrict c) {
    const int i = get_global_id(0);
    if (i < n) c[i] = a[i] + b[i];
}
__kernel void b_triad(const int n, const T scalar, __global T* restrict a, __global const T* restrict b,
    __global const T* restrict c) {
    const int i = get_global_id(0);
    if (i < n) a[i] = b[i] + scalar * c[i];
}
__kernel void b_nstream(const int n, const T scalar, __global T* restrict a, __global const T* restrict b,
    __global const T* restrict c) {
    const int i = get_global_id(0);
    if (i < n) a[i] += b[i] + scalar * c[i];
}

// dot: every work-item walks the arrays with the stride of the whole
// NDRange, a work-group folds its 256 values in __local memory into one
// partial; b_dot_fold (one work-group of 256) folds the partials.
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void b_dot(const int n, __global const T* restrict a, __global const T* restrict b, __global T* restrict part) {
    __local T tree[256];
    const int l = get_local_id(0);
    T s = 0;
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) s += a[i] * b[i];
    tree[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int h = 128; h > 0; h >>= 1) {
        if (l < h) tree[l] += tree[l + h];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) part[get_group_id(0)] = tree[0];
}
// b_dot4: b_dot with vector loads, 4 elements per load (vload4), then the
// last n%4 elements one by one; what vector loads would give forocl's dot.
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define T4 CAT(T, 4)
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void b_dot4(const int n, __global const T* restrict a, __global const T* restrict b, __global T* restrict part) {
    __local T tree[256];
    const int l = get_local_id(0);
    T s = 0;
    for (int i = get_global_id(0); i < n / 4; i += get_global_size(0)) {
        const T4 p = vload4(i, a) * vload4(i, b);
        s += (p.s0 + p.s1) + (p.s2 + p.s3);
    }
    for (int i = 4 * (n / 4) + get_global_id(0); i < n; i += get_global_size(0)) s += a[i] * b[i];
    tree[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int h = 128; h > 0; h >>= 1) {
        if (l < h) tree[l] += tree[l + h];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) part[get_group_id(0)] = tree[0];
}
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void b_dot_fold(const int np, __global const T* restrict part, __global T* restrict sum) {
    __local T tree[256];
    const int l = get_local_id(0);
    T s = 0;
    for (int i = l; i < np; i += 256) s += part[i];
    tree[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int h = 128; h > 0; h >>= 1) {
        if (l < h) tree[l] += tree[l + h];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) sum[0] = tree[0];
}
