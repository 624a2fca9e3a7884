! A field summary in array syntax: reductions of sections between the
! nests of a loop kernel (each a reducing launch and a fold), scalars
! computed from them, a strided section and a reduction under an IF.
!$OFP PURE, KERNEL :: summary
subroutine summary(n, m, h, u, w, mass, umax, wet, lo)
  implicit none
  integer, intent(in) :: n, m
  real(kind=8), intent(in) :: h(n, m), u(0:n, m), w(2*m)
  real(kind=8), intent(out) :: mass, umax, lo
  integer, intent(out) :: wet
  real(kind=8) :: cell
  cell = 0.5_8
  mass = cell*sum(h(2:n-1, :)) + 1.0_8
  umax = maxval(abs(u(1:n, :)) + h)
  wet = count(h(:, 1) > 1.0_8)
  lo = minval(w(1:2*m-1:2) - u(0, :))
  if (m > 3) then
    lo = lo + product(h(1, 1:2))
  end if
end subroutine
