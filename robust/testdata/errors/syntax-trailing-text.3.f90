subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  where (a > 0.0)
    b = a
  elsewhere (a < 0.0) b = -a  ! ERROR [syntax-trailing-text] "unexpected \"b\" after \"elsewhere (...)\""
  end where
end subroutine k
