subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  complex :: z  ! ERROR [unsupported-complex] "complex variables are not supported by forocl"
  b = a
end subroutine k
