! cshift in a loop kernel shifts an array or a section of stride 1 by a
! scalar integer, in an array assignment (Note [cshift]).
module shifts
  implicit none
contains
  !$OFP PURE, KERNEL :: bad_shifts
  subroutine bad_shifts(n, k, a, b, c)
    integer, intent(in) :: n
    integer, intent(in) :: k(n)
    real, intent(in) :: a(n), b(n)
    real, intent(out) :: c(n)
    c = cshift(a + b, 1)  ! ERROR [unsupported-intrinsic] "cshift of a+b is not supported"
    c(1:n:2) = cshift(a(1:n:2), 1)  ! ERROR [unsupported-intrinsic] "cshift of a section with a stride is not supported"
    c = cshift(a, 1, dim=2)  ! ERROR [unsupported-intrinsic] "the dim of cshift must be from 1 to 1"
    c = cshift(a, k)  ! ERROR [unsupported-intrinsic] "the shift of cshift must be a scalar integer"
  end subroutine bad_shifts
end module shifts
