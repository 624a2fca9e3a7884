! EOSHIFT and CSHIFT arguments forocl does not translate: an array SHIFT
! or BOUNDARY, a DIM that is no constant or out of range, a shift along a
! dimension inside a shift along it, a shift by a value of the element.
!$OFP PURE, KERNEL :: shifts
subroutine shifts(n, m, d, s, a, b, c)
  integer, intent(in) :: n, m, d
  integer, intent(in) :: s(m)
  real, intent(in) :: a(n, m), c(m)
  real, intent(out) :: b(n, m)
  b = eoshift(a, s)  ! ERROR [shift-argument] "SHIFT of eoshift must be a scalar integer"
  b = eoshift(a, 1, c)  ! ERROR [shift-argument] "BOUNDARY of eoshift must be a scalar"
  b = cshift(a, 1, d)  ! ERROR [shift-argument] "DIM of cshift must be a constant from 1 to 2"
  b = cshift(a, 1, 3)  ! ERROR [shift-argument] "DIM of cshift must be a constant from 1 to 2"
  b = eoshift(cshift(a, 1), 2)  ! ERROR [shift-argument] "along dimension 1 of a shift along it"
  b = eoshift(a, shift=1, dim=1, shift=2)  ! ERROR [shift-argument] "each given once"
  b = cshift(a, 1, boundary=0.0)  ! ERROR [shift-argument] "is not one of its arguments"
end subroutine shifts
