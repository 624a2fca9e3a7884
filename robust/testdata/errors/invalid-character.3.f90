subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real :: Δt  ! ERROR [invalid-character] "invalid character \"Δ\" (U+0394)"
  b = a
end subroutine k
