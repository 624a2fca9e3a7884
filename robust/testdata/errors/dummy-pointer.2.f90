!$OFP PURE, KERNEL :: fresh
subroutine fresh(n, a)
  integer, intent(in) :: n
  real, allocatable, intent(out) :: a(:)
  !^ ERROR:37 [dummy-pointer] "dummy \"a\" of a loop kernel cannot be a pointer or allocatable"
  integer :: i
  do i = 1, n
    a(i) = i
  end do
end subroutine fresh
