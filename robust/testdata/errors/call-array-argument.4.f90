! A rank-2 array passed to a rank-1 explicit-shape dummy: Fortran's
! sequence association reshapes it, which no index map of the inlined
! body keeps.
module m
contains
  subroutine total(nm, v, s)
    integer, intent(in) :: nm
    real, intent(in) :: v(nm)
    real, intent(out) :: s
    integer :: k
    s = 0.0
    do k = 1, nm
      s = s + v(k)
    end do
  end subroutine
end module

!$OFP PURE, KERNEL :: k
subroutine k(n, a, b)
  use m
  integer, intent(in) :: n
  real, intent(in) :: a(n, n)
  real, intent(out) :: b(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    call total(n*n, a, b(i))  ! ERROR [call-array-argument] "array dummy \"v\" of subroutine \"total\": the actual argument has 2 section dimensions for a dummy of rank 1 (sequence association that reshapes)"
  end do
end subroutine
