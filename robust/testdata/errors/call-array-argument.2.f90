module m
contains
  subroutine scaled(r, s, w)
    real, intent(in) :: r
    real, intent(out) :: s
    real, intent(in), optional :: w
    s = r
    if (present(w)) s = w*r
  end subroutine
end module

!$OFP PURE, KERNEL :: k
subroutine k(n, a, b)
  use m
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    call scaled(a(i), b(i), 2.0)  ! ERROR [call-array-argument] "subroutine \"scaled\" takes \"w\", which is a pointer, optional or allocatable scalar dummy"
  end do
end subroutine
