subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  where () b = a  ! ERROR [syntax-expected-condition] "expected a condition in \"where (...)\""
end subroutine k
