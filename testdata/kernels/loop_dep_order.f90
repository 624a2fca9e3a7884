! Loops whose order matters, or that forocl's parallel loops (step 1)
! cannot express, run as written; the rest run in parallel.
!   backward_carry: a backward loop carrying a value down (serial);
!   backward_free: a backward loop with independent iterations (parallel,
!     the same iterations in another order);
!   strided: an OpenMP loop of step 2 (parallel), and a nest whose inner
!     loop has step 3 (parallel over the outer loop, the inner in order);
!   triangular: an inner loop bounded by the outer index (parallel over
!     the outer loop);
!   recurrence: a(i) = a(i-1) + ... under !$omp parallel do (serial).
!$OFP PURE, KERNEL :: backward_carry
subroutine backward_carry(n, b, a)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: b(n)
  real(8), intent(inout) :: a(n)
  integer :: i
  do i = n - 1, 1, -1  ! WARNING [loop-serial] a(i+1) is written by another iteration
    a(i) = 0.5d0*a(i + 1) + b(i)
  end do
end subroutine backward_carry

!$OFP PURE, KERNEL :: backward_free
subroutine backward_free(n, b, a)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: b(n)
  real(8), intent(inout) :: a(n)
  integer :: i
  !$omp parallel do
  do i = n, 1, -1
    a(i) = 2.0d0*b(i) - a(i)
  end do
end subroutine backward_free

!$OFP PURE, KERNEL :: strided
subroutine strided(n, m, b, a, c)
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(in) :: b(n, m)
  real(8), intent(inout) :: a(n), c(n, m)
  integer :: i, j, k
  !$omp parallel do
  do i = 1, n, 2
    a(i) = a(i) + b(i, 1)
  end do
  do k = 1, m
    do j = 2, n, 3
      c(j, k) = c(j - 1, k) + b(j, k)
    end do
  end do
end subroutine strided

!$OFP PURE, KERNEL :: triangular
subroutine triangular(n, b, c)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: b(n, n)
  real(8), intent(inout) :: c(n, n)
  integer :: i, j
  do j = 1, n
    do i = 1, j
      c(i, j) = b(j, i) + c(i, j)
    end do
  end do
end subroutine triangular

!$OFP PURE, KERNEL :: recurrence
subroutine recurrence(n, b, a)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: b(n)
  real(8), intent(inout) :: a(0:n)
  integer :: i
  !$omp parallel do
  do i = 1, n  ! WARNING [loop-serial] a(i-1) is the previous iteration's
    a(i) = a(i - 1) + b(i)
  end do
end subroutine recurrence

! A recurrence under a directive with a reduction: the serial nest keeps
! the reduction, folded in the loop's order.
!$OFP PURE, KERNEL :: recurrence_sum
subroutine recurrence_sum(n, b, a, total)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: b(n)
  real(8), intent(inout) :: a(0:n)
  real(8), intent(out) :: total
  integer :: i
  total = 0
  !$omp parallel do reduction(+:total)
  do i = 1, n  ! WARNING [loop-serial] a(i-1) is the previous iteration's
    a(i) = a(i - 1) + b(i)
    total = total + a(i)
  end do
end subroutine recurrence_sum
