! loop_acc_offload: OpenACC as GPU codes write it: a data region, a
! kernels region around a plain nest, parallel loop gang vector with
! collapse and a reduction, a parallel region whose loop gang holds an
! inner loop seq that carries a running sum, enter/exit data, update
! host and an acc routine. Data directives change nothing; the compute
! directives mark the parallel nests, and loop seq runs in order.
module acc_offload_mod
  implicit none
contains
!$OFP PURE, KERNEL :: acc_offload
subroutine acc_offload(n, m, u, v, w, total)
  integer, intent(in) :: n, m
  real(8), intent(in) :: u(n, m)
  real(8), intent(out) :: v(n, m), w(n, m), total
  integer :: i, j
  !$acc data copyin(u) copyout(v, w) ! WARNING [directive-clause-ignored]
  !$acc enter data create(w) ! WARNING [directive-clause-ignored]
  !$acc kernels
  do j = 1, m
    do i = 1, n
      v(i, j) = twice(u(i, j))
    end do
  end do
  !$acc end kernels
  total = 0.0d0
  !$acc parallel loop gang vector collapse(2) vector_length(64) reduction(+:total) ! WARNING [directive-clause-ignored]
  do j = 1, m
    do i = 1, n
      total = total + v(i, j)*u(i, j)
    end do
  end do
  !$acc parallel
  !$acc loop gang
  do j = 1, m
    w(1, j) = u(1, j)
    !$acc loop seq
    do i = 2, n
      w(i, j) = w(i-1, j) + u(i, j)
    end do
  end do
  !$acc end parallel
  !$acc update host(v) ! WARNING [directive-clause-ignored]
  !$acc exit data delete(w) ! WARNING [directive-clause-ignored]
  !$acc end data
end subroutine acc_offload

pure real(8) function twice(x)
  !$acc routine seq
  real(8), intent(in) :: x
  twice = 2.0d0*x
end function twice
end module acc_offload_mod
