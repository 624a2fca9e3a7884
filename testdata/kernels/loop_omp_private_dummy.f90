! loop_omp_private_dummy: private and firstprivate clauses that name
! scalar dummies, as task-based OpenMP codes write them: firstprivate of
! intent(in) sizes is their value in every iteration, and private of an
! intent(out) scalar that the loop uses as scratch is a copy of its own in
! each iteration; the kernel assigns the dummy after the loop.
module omp_private_dummy
  implicit none
contains
!$OFP PURE, KERNEL :: private_dummy
  subroutine private_dummy(r, n, w, a, b, t)
    integer, intent(in) :: r, n
    real(8), intent(in) :: w, a(n, n)
    real(8), intent(out) :: b(n, n), t
    integer :: i, j, k
    b = 0.0d0
    !$omp taskloop shared(a, b) firstprivate(r, n) private(i, j, k)
    do j = r + 1, n - r
      do i = r + 1, n - r
        do k = -r, r
          b(i, j) = b(i, j) + w*a(i + k, j)
        end do
      end do
    end do
    !$omp end taskloop
    !$omp parallel do private(t, i) ! WARNING [private-dummy]
    do j = 1, n
      t = a(1, j)*w
      do i = 1, n
        b(i, j) = b(i, j) + t
      end do
    end do
    t = b(n/2, n/2) + w
  end subroutine private_dummy
end module omp_private_dummy
