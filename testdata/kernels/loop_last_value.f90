! Scalars a DO loop leaves with the last iteration's values, read after
! the loop: a plain DO and an OpenMP loop whose private scalar and loop
! variable the code reads afterwards. Fortran gives them the values of the
! last iteration (and the loop variable one step past its end), so each
! loop runs in order on one work-item and its scalars leave it (Note [last
! values] in sema/depend_lastvalue.go). The last loop's scalars are not
! read after it, so it runs in parallel.
!$OFP PURE, KERNEL :: last_value
subroutine last_value(n, a, b, c, last, i_out, k_out)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n), c(n)
  real, intent(out) :: last
  integer, intent(out) :: i_out, k_out
  integer :: i, k
  real :: t, u
  t = -1
  do i = 1, n  ! WARNING [loop-serial] "t" is read
    t = 2*a(i)
    b(i) = t
  end do
  last = t
  i_out = i
  !$omp parallel do private(u)
  do k = 1, n  ! WARNING [loop-serial] "k" is read
    u = a(k) + 1
    c(k) = u
  end do
  k_out = k
  !$omp parallel do private(u)
  do k = 1, n
    u = a(k) - 1
    c(k) = c(k) + u
  end do
end subroutine last_value
