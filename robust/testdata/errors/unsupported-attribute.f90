subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, volatile :: c  ! ERROR [unsupported-attribute] "attribute \"volatile\" of \"c\" is not supported by"
  b = a
end subroutine k
