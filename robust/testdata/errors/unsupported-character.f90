subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  character(len=8) :: label  ! ERROR [unsupported-character] "character variables are not supported by forocl"
  b = a
end subroutine k
