subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = max(a)  ! ERROR [intrinsic-argument-count] "\"max\" needs at least 2 arguments, not 1"
end subroutine k
