subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = merge(a, 0.0, 1.0)  ! ERROR [intrinsic-argument-type] "argument 3 of \"merge\" is real(4), expected"
end subroutine k
