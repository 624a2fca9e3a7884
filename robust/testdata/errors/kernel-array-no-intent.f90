subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous :: a  ! ERROR [kernel-array-no-intent] "array \"a\" has no intent"
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
