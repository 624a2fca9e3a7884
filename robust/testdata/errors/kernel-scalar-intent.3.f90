!$OFP PURE, KERNEL :: bump
subroutine bump(n, s, a)
  integer, intent(in) :: n
  real, intent(inout) :: s  ! ERROR [kernel-scalar-intent] "scalar dummy \"s\" is intent(inout)"
  real :: a(n)
  integer :: i
  do concurrent (i = 1:n)
    a(i) = a(i) + 1.0
  end do
end subroutine bump
