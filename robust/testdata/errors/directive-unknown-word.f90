subroutine k(a, b)
!$OFP PURE, KERNAL :: k
!^ ERROR [directive-unknown-word] "unknown word \"KERNAL\" in !$OFP directive"
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
