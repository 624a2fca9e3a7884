! RUN: forocl check --kernel k %s
      REAL FUNCTION CLIP(A, B)
      REAL A, B
      IF (A .GT. B) A = B
      CLIP = A
      END

subroutine k(n, x, y)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: x(n)
  real, intent(out) :: y(n)
  real :: clip
  integer :: i
  !$omp parallel do
  do i = 1, n
    y(i) = clip(x(i), 1.0)  ! ERROR [function-side-effect] "function \"clip\" assigns its argument \"A\""
  end do
end subroutine k
