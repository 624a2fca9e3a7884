subroutine k(s, a, b)
!$OFP PURE, KERNEL :: k
  real, intent(in) :: s
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer :: i
  do while (s > 1.0)  ! ERROR [statement-not-allowed] "\"do while\" is not allowed in a kernel"
    b = a*s
  end do
end subroutine k
