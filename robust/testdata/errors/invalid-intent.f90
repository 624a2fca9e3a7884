subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, intent() :: c  ! ERROR [invalid-intent] "expected \"in\", \"out\" or \"inout\" in intent(...)"
  b = a
end subroutine k
