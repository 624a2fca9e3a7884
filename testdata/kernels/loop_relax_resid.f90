! Relaxation sweeps repeated by nested sequential loops on the host: an
! outer loop counting down (step -1) whose trip count is a dummy that can
! be 0, an inner one over two weights, and a max reduction of the residual
! reset on every trip. After the loops the kernel returns the last trip's
! residual and the loop variable's final value, as Fortran leaves it.
!$OFP PURE, KERNEL :: relax_resid
subroutine relax_resid(n, niter, omega, b, a, t, resid, last)
  implicit none
  integer, intent(in) :: n, niter
  real(8), intent(in) :: omega
  real(8), intent(in) :: b(n)
  real(8) :: a(0:n+1), t(0:n+1)
  real(8), intent(out) :: resid
  integer, intent(out) :: last
  integer :: i, it, k
  real(8) :: err, w
  err = -1
  do it = niter, 1, -1
    do k = 1, 2
      w = omega/k
      !$omp parallel do
      do i = 1, n
        t(i) = a(i) + w*(b(i) - (2*a(i) - a(i-1) - a(i+1)))
      end do
      !$omp parallel do
      do i = 1, n
        a(i) = t(i)
      end do
    end do
    err = 0
    !$omp parallel do reduction(max:err)
    do i = 1, n
      err = max(err, abs(b(i) - (2*a(i) - a(i-1) - a(i+1))))
    end do
  end do
  resid = err
  last = it
end subroutine relax_resid
