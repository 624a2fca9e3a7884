subroutine k(w, a, b)
!$OFP PURE, KERNEL :: k
  real :: w  ! ERROR [kernel-scalar-intent] "scalar \"w\" has no intent"
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = w*a
end subroutine k
