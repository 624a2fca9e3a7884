! CSHIFT and EOSHIFT in a loop kernel shift any operand along a constant
! DIM by a scalar integer SHIFT (Note [shifts]); a + b may be shifted.
module shifts
  implicit none
contains
  !$OFP PURE, KERNEL :: bad_shifts
  subroutine bad_shifts(n, k, a, b, c)
    integer, intent(in) :: n
    integer, intent(in) :: k(n)
    real, intent(in) :: a(n), b(n)
    real, intent(out) :: c(n)
    c = cshift(a + b, 1)
    c(1:n:2) = cshift(a(1:n:2), 1)  ! ERROR:16 [shift-argument] "cshift along dimension 1 of a shift along it, or of a strided section whose extent is not affine, is not supported"
    c = cshift(a, 1, dim=2)  ! ERROR:22 [shift-argument] "DIM of cshift must be a constant from 1 to 1, the rank of c"
    c = cshift(a, k)  ! ERROR:19 [shift-argument] "SHIFT of cshift must be a scalar integer, not the array k"
  end subroutine bad_shifts
end module shifts
