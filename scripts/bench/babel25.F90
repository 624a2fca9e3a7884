! BabelStream-style kernels (issue 25), our own spelling of the five streams
! and the dot product over explicit-shape arrays of n elements (and the dot
! product in array syntax, dotp), in the kind
! RK (-D RK=4 or -D RK=8): scripts/bench/issue25.sh times them beside copy.
module babel25
  implicit none
contains
!$OFP KERNEL :: copy
subroutine copy(n, a, c)
  integer, intent(in) :: n
  real(RK), intent(in) :: a(n)
  real(RK), intent(inout) :: c(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    c(i) = a(i)
  end do
end subroutine copy
!$OFP KERNEL :: mul
subroutine mul(n, scalar, b, c)
  integer, intent(in) :: n
  real(RK), intent(in) :: scalar
  real(RK), intent(inout) :: b(n)
  real(RK), intent(in) :: c(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    b(i) = scalar * c(i)
  end do
end subroutine mul
!$OFP KERNEL :: add
subroutine add(n, a, b, c)
  integer, intent(in) :: n
  real(RK), intent(in) :: a(n), b(n)
  real(RK), intent(inout) :: c(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    c(i) = a(i) + b(i)
  end do
end subroutine add
!$OFP KERNEL :: triad
subroutine triad(n, scalar, a, b, c)
  integer, intent(in) :: n
  real(RK), intent(in) :: scalar
  real(RK), intent(inout) :: a(n)
  real(RK), intent(in) :: b(n), c(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    a(i) = b(i) + scalar * c(i)
  end do
end subroutine triad
!$OFP KERNEL :: nstream
subroutine nstream(n, scalar, a, b, c)
  integer, intent(in) :: n
  real(RK), intent(in) :: scalar
  real(RK), intent(inout) :: a(n)
  real(RK), intent(in) :: b(n), c(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    a(i) = a(i) + b(i) + scalar * c(i)
  end do
end subroutine nstream
!$OFP KERNEL :: dot
subroutine dot(n, a, b, s)
  integer, intent(in) :: n
  real(RK), intent(in) :: a(n), b(n)
  real(RK), intent(out) :: s
  integer :: i
  s = 0
  !$omp parallel do reduction(+:s)
  do i = 1, n
    s = s + a(i) * b(i)
  end do
end subroutine dot
!$OFP PURE, KERNEL :: dotp
pure subroutine dotp(a, b, s)
  real(RK), intent(in), contiguous :: a(:), b(:)
  real(RK), intent(out) :: s
  s = dot_product(a, b)
end subroutine dotp
end module babel25
