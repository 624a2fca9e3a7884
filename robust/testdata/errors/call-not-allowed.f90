subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
  call smooth(b)  ! ERROR [call-not-allowed] "call \"smooth\" is not allowed in a kernel"
end subroutine k
