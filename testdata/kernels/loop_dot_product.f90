! dot_product(a, b) of two arrays in a loop kernel (Note [reductions of
! sections] in sema/sections.go): Fortran's sum(a*b), a reducing launch of
! its own; over sections, of mixed kinds (an integer weight array
! promoted to real(8)), and inside a larger expression.
module projections
  implicit none
contains
  !$OFP PURE, KERNEL :: project
  subroutine project(n, u, v, w, uv, lag)
    integer, intent(in) :: n
    real(8), intent(in) :: u(n), v(n)
    integer, intent(in) :: w(n)
    real(8), intent(out) :: uv, lag
    uv = dot_product(u, v)
    lag = 0.5d0 * dot_product(u(2:n), w(1:n-1)) + uv
  end subroutine project
end module projections
