! Dummies named as what the generated hosts use (issue 20, item 21): the
! intrinsics and iso_c_binding kinds that the Fortran host module calls
! (size, int, max, product, merge, c_double, c_int32_t), its optional
! stat and errmsg, Go words and the Go harness's own variables (len,
! size_n, n_val, a_, a__), and host loop variables named as the Fortran
! host's variables (st, g1). Each host keeps the kernel's names and
! reaches its own through names no dummy hides.
!$OFP PURE, KERNEL :: hostile_relax
subroutine hostile_relax(size, int, c_double, max, product, merge, stat, errmsg, c_int32_t)
  implicit none
  integer, intent(in) :: size, int
  real(8), intent(in) :: c_double
  logical, intent(in) :: c_int32_t
  real(8), intent(in) :: max(size)
  real(8) :: product(size+2), merge(size+2)
  real(8), intent(out) :: stat
  integer, intent(out) :: errmsg
  integer :: i, st, g1
  real(8) :: err, w
  err = -1
  do st = int, 1, -1
    do g1 = 1, 2
      w = c_double/g1
      if (c_int32_t) w = w/2
      !$omp parallel do
      do i = 1, size
        merge(i+1) = product(i+1) + w*(max(i) - (2*product(i+1) - product(i) - product(i+2)))
      end do
      !$omp parallel do
      do i = 1, size
        product(i+1) = merge(i+1)
      end do
    end do
    err = 0
    !$omp parallel do reduction(+:err)
    do i = 1, size
      err = err + abs(max(i) - (2*product(i+1) - product(i) - product(i+2)))
    end do
  end do
  stat = err
  errmsg = st
end subroutine hostile_relax

!$OFP PURE, KERNEL :: hostile_scale
subroutine hostile_scale(len, size_n, n_val, a_, a__)
  implicit none
  real, intent(in) :: len
  integer, intent(in) :: size_n
  real, intent(in) :: n_val(size_n)
  real, intent(in) :: a_(size_n)
  real, intent(out) :: a__(size_n)
  integer :: i
  !$omp parallel do
  do i = 1, size_n
    a__(i) = len*n_val(i) + a_(i)
  end do
end subroutine hostile_scale
