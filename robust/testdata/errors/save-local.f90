subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, save :: c
  c = 1.0  ! ERROR [save-local] "local \"c\" has the save attribute"
  b = a*c
end subroutine k
