subroutine k(s, a, b)
!$OFP PURE, KERNEL :: k
  real, intent(in) :: s
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer :: i
  do i = 1, 3  ! ERROR [statement-not-allowed] "\"do\" is not allowed in a kernel"
    b = a*s
  end do
end subroutine k
