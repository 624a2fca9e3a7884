subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
  b = b + 1.0  ! ERROR [read-intent-out] "intent(out) array \"b\" is read"
end subroutine k
